import type { TestApi } from './harness.ts';

export const REQUEST = '/api/app/einvoice/request';
export const FIND_EINVOICE = '/api/app/einvoice/find';

/** A person who asks with their MyKad and no TIN of their own. */
export function individual(overrides: Record<string, unknown> = {}) {
  return {
    type: 'individual',
    name: 'Nur Aisyah binti Ahmad',
    idType: 'NRIC',
    idValue: '900101-14-5678',
    email: 'aisyah@example.com',
    phone: '+60123456789',
    address: { line1: '12 Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
    ...overrides,
  };
}

/** A company that claims the service as a business expense. */
export function business(overrides: Record<string, unknown> = {}) {
  return {
    type: 'business',
    name: 'Kedai Kereta Maju Sdn. Bhd.',
    tin: 'C20880050010',
    idType: 'BRN',
    idValue: '202001234567',
    sstNo: 'NA',
    email: 'accounts@maju.example',
    phone: '+60378801234',
    address: { line1: '8 Jalan Segambut', postcode: '51200', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' },
    ...overrides,
  };
}

export const requestEinvoice = (api: TestApi, userKey: string, orderNo: string, buyer: Record<string, unknown>, language = 'en_us') =>
  api.request(REQUEST, { orderNo, buyer }, { userKey, language });

/** Runs the job worker until nothing is due, moving the clock by `stepSeconds` between rounds (the submission's polls wait). */
export async function settleJobs(api: TestApi, rounds = 6, stepSeconds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await api.runJobs();
    api.advance(stepSeconds);
  }
}

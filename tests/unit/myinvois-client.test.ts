import { beforeEach, describe, expect, test } from 'vitest';
import { batches, createMyInvoisClient, validationUrl, type MyInvoisClientConfig, type SubmitDocument } from '../../server/providers/einvoice/client.ts';
import { createMyInvoisDouble, inProcessFetch, type MyInvoisDouble } from '../../dev/doubles/myinvois/index.ts';
import { SELLER_TIN, ublDocument, type DocumentShape } from './myinvois-fixtures.ts';

/** The shop's MyInvois client against the local double: each of the double's refusals met. */

const START = Date.parse('2026-11-02T02:00:00Z');
const HOUR = 3600_000;
const credentials = { clientId: 'shop', clientSecret: 'shop-secret' };

let now: number;
let double: MyInvoisDouble;
let slept: number[];

beforeEach(() => {
  now = START;
  slept = [];
  double = createMyInvoisDouble({ clients: [{ ...credentials, tin: SELLER_TIN }], clock: () => now, validationDelayMs: 20, portalBase: 'https://preprod.myinvois.hasil.gov.my' });
});

function client(config: Partial<MyInvoisClientConfig> = {}) {
  return createMyInvoisClient({
    baseUrl: 'http://myinvois.test',
    ...credentials,
    fetch: inProcessFetch(double),
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    ...config,
  });
}

const doc = (codeNumber: string, shape: DocumentShape = {}): SubmitDocument => ({ codeNumber, text: JSON.stringify(ublDocument({ id: codeNumber, issuedAt: now - 60_000, ...shape })) });

function loginDirectly() {
  return double.app.request('/connect/token', { method: 'POST', body: new URLSearchParams({ ...{ client_id: credentials.clientId, client_secret: credentials.clientSecret }, grant_type: 'client_credentials' }).toString() });
}

describe('the token', () => {
  test('is reused for many calls, and one login serves callers asking at once', async () => {
    const myinvois = client();
    const submitted = await myinvois.submit([doc('INV-1')]);
    expect(submitted.ok).toBe(true);
    const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
    await Promise.all(Array.from({ length: 5 }, () => myinvois.getSubmission(uid)));
    expect(myinvois.http.logins).toBe(1);
    const fresh = client();
    await Promise.all(Array.from({ length: 5 }, () => fresh.getSubmission(uid)));
    expect(fresh.http.logins).toBe(1);
  });

  test('is renewed shortly before it expires, and after a 401 by one fresh login and one retry', async () => {
    const myinvois = client();
    await myinvois.submit([doc('INV-1')]);
    now += HOUR - 30_000;
    await myinvois.submit([doc('INV-2')]);
    expect(myinvois.http.logins).toBe(2);
    // A client whose clock lags behind believes its token still good: MyInvois answers 401.
    let lagging = now;
    const slow = client({ now: () => lagging });
    await slow.submit([doc('INV-3')]);
    now += HOUR;
    lagging += 60_000;
    const again = await slow.submit([doc('INV-4')]);
    expect(again.ok).toBe(true);
    expect(slow.http.logins).toBe(2);
  });

  test('no answer at all is reported as unavailable', async () => {
    const result = await client({ fetch: async () => Promise.reject(new TypeError('fetch failed')) }).submit([doc('INV-1')]);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable', message: 'MyInvois could not be reached: fetch failed' }) });
  });

  test('a call MyInvois takes and never answers ends as a time-out, which the submission job tries again', async () => {
    let taken = 0;
    const silent: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/connect/token')) return inProcessFetch(double)(input, init);
      taken += 1;
      // Held until the caller gives up, as a connection LHDN keeps open without answering.
      return new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
    };
    const result = await client({ fetch: silent, requestTimeoutMs: 30 }).submit([doc('INV-1')]);
    expect(taken).toBe(1);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'timeout', message: 'MyInvois did not answer within 30 ms' }) });
  });

  test('a refused client id or secret is reported, not retried', async () => {
    const result = await client({ clientSecret: 'wrong' }).submit([doc('INV-1')]);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'credentials-refused', status: 403, code: 'invalid_client' }) });
  });
});

describe('429', () => {
  test('is waited out for its Retry-After, then the login is repeated', async () => {
    for (let i = 0; i < 12; i++) expect((await loginDirectly()).status).toBe(200);
    const result = await client({ maxRetryAfterSeconds: 60 }).submit([doc('INV-1')]);
    expect(result.ok).toBe(true);
    expect(slept).toEqual([60_000]);
  });

  test('longer than the client waits is reported with the seconds to wait', async () => {
    for (let i = 0; i < 12; i++) await loginDirectly();
    const result = await client({ maxRetryAfterSeconds: 10 }).submit([doc('INV-1')]);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rate-limited', retryAfterSeconds: 60 }) });
    expect(slept).toEqual([]);
  });
});

describe('submitting', () => {
  test('splits 150 documents into submissions of at most 100', async () => {
    const result = await client().submit(Array.from({ length: 150 }, (_, i) => doc(`INV-${i}`)));
    expect(result.ok && result.value.map((batch) => batch.accepted.length)).toEqual([100, 50]);
    const uids = result.ok ? result.value.map((batch) => batch.submissionUid) : [];
    expect(await Promise.all(uids.map(async (uid) => (await double.store.submission(uid))?.uuids.length))).toEqual([100, 50]);
  });

  test('splits by size so that no submission passes 5 MB', () => {
    const large = (i: number): SubmitDocument => ({ codeNumber: `INV-${i}`, text: JSON.stringify({ ...ublDocument({ id: `INV-${i}` }), note: 'x'.repeat(250 * 1024) }) });
    const split = batches(Array.from({ length: 25 }, (_, i) => large(i)));
    expect(split.ok).toBe(true);
    if (!split.ok) return;
    expect(split.value.map((b) => b.length)).toEqual([15, 10]);
    for (const batch of split.value) expect(Buffer.byteLength(JSON.stringify({ documents: batch }))).toBeLessThanOrEqual(5 * 1024 * 1024);
  });

  test('refuses a document over 300 KB before sending anything', async () => {
    const huge = { codeNumber: 'INV-BIG', text: 'x'.repeat(300 * 1024 + 1) };
    const result = await client().submit([doc('INV-1'), huge]);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'document-too-large', message: expect.stringContaining('INV-BIG') }) });
    expect(await double.store.search({ issuerTin: SELLER_TIN })).toEqual([]);
  });

  test('lists the documents MyInvois rejected at once with its error', async () => {
    const result = await client().submit([doc('INV-1', { issuedAt: now - 73 * HOUR })]);
    expect(result.ok && result.value[0]!.rejected).toEqual([{ codeNumber: 'INV-1', error: expect.objectContaining({ code: 'CF321' }) }]);
  });

  test('the answer to a submission lost on the way: sent again (422), the earlier submission is found by Search Documents and carried on', async () => {
    let lose = true;
    const losing: typeof fetch = async (input, init) => {
      const answer = await inProcessFetch(double)(input, init);
      if (lose && String(input).includes('/documentsubmissions')) {
        lose = false;
        throw new Error('socket hang up');
      }
      return answer;
    };
    const myinvois = client({ fetch: losing });
    const documents = [doc('INV-1'), doc('INV-2')];
    expect(await myinvois.submit(documents)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable' }) });
    now += 5 * 60_000;
    const again = await myinvois.submit(documents);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    const [batch] = again.value;
    const earlier = await double.store.submission(batch!.submissionUid);
    // The one submission MyInvois received, with both documents: nothing was sent twice.
    expect(earlier?.uuids).toEqual(batch!.accepted.map((d) => d.uuid));
    expect(batch!.accepted.map((d) => d.codeNumber)).toEqual(['INV-1', 'INV-2']);
    expect(await double.store.search({ issuerTin: SELLER_TIN })).toHaveLength(2);
    const done = await myinvois.pollUntilDone(batch!.submissionUid, { intervalMs: 10 });
    expect(done.ok && done.value.documents.map((d) => d.status)).toEqual(['Valid', 'Valid']);
  });

  test('an identical submission within 10 minutes whose documents MyInvois never took is reported as a duplicate, not retried', async () => {
    const myinvois = client();
    const documents = [doc('INV-1', { issuedAt: now - 73 * HOUR })];
    await myinvois.submit(documents);
    const again = await myinvois.submit(documents);
    expect(again).toEqual({ ok: false, error: expect.objectContaining({ kind: 'duplicate-submission', status: 422, retryAfterSeconds: 600, submitted: [] }) });
  });
});

describe('polling', () => {
  test('follows each document to Valid, with its longId and validation link, or Invalid with LHDN’s errors', async () => {
    const myinvois = client();
    const submitted = await myinvois.submit([doc('INV-1'), doc('INV-2', { taxType: '09' })]);
    const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
    const done = await myinvois.pollUntilDone(uid, { intervalMs: 10, timeoutMs: 1000 });
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(slept).toEqual([10, 10]);
    expect(done.value.overallStatus).toBe('partially valid');
    const [valid, invalid] = done.value.documents;
    expect(valid).toMatchObject({ internalId: 'INV-1', status: 'Valid', errors: [] });
    expect(valid!.longId).toMatch(/^[A-Z0-9]{40}$/);
    expect(validationUrl('https://preprod.myinvois.hasil.gov.my/', valid!.uuid, valid!.longId!)).toBe(`https://preprod.myinvois.hasil.gov.my/${valid!.uuid}/share/${valid!.longId}`);
    expect(invalid).toMatchObject({ internalId: 'INV-2', status: 'Invalid', longId: null, errors: [{ step: 'Step07-Code Validator', code: 'CV301', message: 'Tax type 09 is not a valid code' }] });
  });

  test('gives up after its time-out', async () => {
    double = createMyInvoisDouble({ clients: [{ ...credentials, tin: SELLER_TIN }], clock: () => now, validationDelayMs: 60_000 });
    const myinvois = client();
    const submitted = await myinvois.submit([doc('INV-1')]);
    const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
    expect(await myinvois.pollUntilDone(uid, { intervalMs: 3000, timeoutMs: 10_000 })).toEqual({ ok: false, error: expect.objectContaining({ kind: 'timeout' }) });
  });
});

describe('cancelling', () => {
  async function validDocument(myinvois: ReturnType<typeof client>) {
    const submitted = await myinvois.submit([doc('INV-1')]);
    const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
    const done = await myinvois.pollUntilDone(uid, { intervalMs: 20 });
    return done.ok ? done.value.documents[0]!.uuid : '';
  }

  test('within 72 hours', async () => {
    const myinvois = client();
    const uuid = await validDocument(myinvois);
    expect(await myinvois.cancel(uuid, 'Wrong buyer details')).toEqual({ ok: true, value: { uuid, status: 'Cancelled' } });
  });

  test('after 72 hours is refused with LHDN’s code', async () => {
    const myinvois = client();
    const uuid = await validDocument(myinvois);
    now += 73 * HOUR;
    expect(await myinvois.cancel(uuid, 'Too late')).toEqual({ ok: false, error: expect.objectContaining({ kind: 'refused', status: 400, code: 'OperationPeriodOver' }) });
  });
});

import { createHmac, randomBytes } from 'node:crypto';

/**
 * What the Curlec double says and how: ids, errors, the methods a tester picks, the DuitNow
 * QR payload, signatures. Pure: no database.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Curlec's JSON, read and written as it comes
export type Json = Record<string, any>;
export type Answer = { status: number; body: Json };

/**
 * "The id provided does not exist": an unknown link, payment, order or refund answers 404 with
 * Curlec's BAD_REQUEST_ERROR body, as the shop's contract for the double names it (401 wrong key,
 * 400 bad amount, 404 unknown id). The provider treats both 400 and 404 as "not retried".
 */
export const UNKNOWN_ID_STATUS = 404;

/** Curlec's error body: every field present, as its documentation shows them. */
export function failure(status: number, description: string, options: { field?: string | null; reason?: string; step?: string; source?: string } = {}): Answer {
  return {
    status,
    body: {
      error: {
        code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description,
        field: options.field ?? null,
        source: options.source ?? (status === 401 ? 'NA' : 'business'),
        step: options.step ?? (status === 401 ? 'NA' : 'payment_initiation'),
        reason: options.reason ?? (status === 401 ? 'NA' : 'input_validation_failed'),
        metadata: {},
      },
    },
  };
}

export const unknownId = () => failure(UNKNOWN_ID_STATUS, 'The id provided does not exist', { reason: 'NA', step: 'NA', source: 'NA' });
export const unauthorized = () => failure(401, 'Authentication failed');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Curlec's ids: a prefix and 14 letters and digits (plink_…, pay_…, order_…, rfnd_…, evt_…). */
export function entityId(prefix: string): string {
  const bytes = randomBytes(14);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${tail}`;
}

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The amount rule of links, orders and payments: whole sen, at least RM 1.00. */
export function amountProblem(amount: unknown): Answer | null {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return failure(400, 'The amount must be an integer.', { field: 'amount' });
  if (amount < 100) return failure(400, 'The amount must be at least MYR 1.00', { field: 'amount' });
  if (amount > 5_000_000_00) return failure(400, 'The amount exceeds the maximum amount allowed.', { field: 'amount' });
  return null;
}

/** What a tester picks on the hosted page, as the payment entity names it. */
export type DoubleMethod =
  | { method: 'card'; cardType?: 'credit' | 'debit' }
  | { method: 'fpx'; bank: string }
  | { method: 'wallet'; wallet: 'touchngo' | 'grabpay' | 'shopeepay' | 'boost' }
  | { method: 'duitnow' }
  | { method: 'paylater'; provider: 'atome' };

/** Curlec offers Atome (pay later) from RM 10.00 up. */
export const PAY_LATER_LEAST_SEN = 1000;

/** FPX banks as Curlec codes them. */
export const FPX_BANKS: readonly { code: string; name: string }[] = [
  { code: 'MB2U0227', name: 'Maybank2u' },
  { code: 'BCBB0235', name: 'CIMB Clicks' },
  { code: 'PBB0233', name: 'Public Bank' },
  { code: 'RHB0218', name: 'RHB Bank' },
  { code: 'HLB0224', name: 'Hong Leong Bank' },
  { code: 'AMBB0209', name: 'AmBank' },
  { code: 'BIMB0340', name: 'Bank Islam' },
  { code: 'UOB0226', name: 'UOB Bank' },
];

/** The hosted page's choices: form value, label, and what the payment says. */
export const PAGE_METHODS: readonly { value: string; label: string; how: DoubleMethod }[] = [
  { value: 'fpx', label: 'FPX online banking', how: { method: 'fpx', bank: 'MB2U0227' } },
  { value: 'card', label: 'Card', how: { method: 'card', cardType: 'credit' } },
  { value: 'tng', label: 'Touch ’n Go eWallet', how: { method: 'wallet', wallet: 'touchngo' } },
  { value: 'grabpay', label: 'GrabPay', how: { method: 'wallet', wallet: 'grabpay' } },
  { value: 'shopeepay', label: 'ShopeePay', how: { method: 'wallet', wallet: 'shopeepay' } },
  { value: 'boost', label: 'Boost', how: { method: 'wallet', wallet: 'boost' } },
  { value: 'atome', label: 'Atome (pay later)', how: { method: 'paylater', provider: 'atome' } },
];

/** The tester's choice from a form or a control call: method (fpx, card, tng, …), bank, card_type. */
export function methodFrom(fields: { method?: unknown; bank?: unknown; cardType?: unknown; wallet?: unknown }): DoubleMethod | null {
  const method = typeof fields.method === 'string' ? fields.method : '';
  if (method === 'fpx') {
    const bank = typeof fields.bank === 'string' && FPX_BANKS.some((b) => b.code === fields.bank) ? fields.bank : FPX_BANKS[0]!.code;
    return { method: 'fpx', bank };
  }
  if (method === 'card') return { method: 'card', cardType: fields.cardType === 'debit' ? 'debit' : 'credit' };
  if (method === 'duitnow') return { method: 'duitnow' };
  if (method === 'paylater' || method === 'atome') return { method: 'paylater', provider: 'atome' };
  if (method === 'wallet' && typeof fields.wallet === 'string') {
    const wallet = fields.wallet === 'tng' ? 'touchngo' : fields.wallet;
    return wallet === 'touchngo' || wallet === 'grabpay' || wallet === 'shopeepay' || wallet === 'boost' ? { method: 'wallet', wallet } : null;
  }
  return PAGE_METHODS.find((m) => m.value === method)?.how ?? null;
}

/** The method fields of a payment entity. */
export function methodFields(how: DoubleMethod, paymentId: string): Json {
  const card =
    how.method === 'card'
      ? {
          id: `card_${paymentId.slice(4)}`,
          entity: 'card',
          name: 'Test Customer',
          last4: how.cardType === 'debit' ? '0002' : '1111',
          network: 'Visa',
          type: how.cardType ?? 'credit',
          issuer: 'MBBE',
          international: false,
          emi: false,
          sub_type: 'consumer',
        }
      : null;
  return {
    method: how.method,
    card_id: card ? card.id : null,
    ...(card ? { card } : {}),
    bank: how.method === 'fpx' ? how.bank : null,
    // Pay later names its lender as the provider; Razorpay's pay-later payments carry it in wallet too.
    wallet: how.method === 'wallet' ? how.wallet : how.method === 'paylater' ? how.provider : null,
    ...(how.method === 'paylater' ? { provider: how.provider } : {}),
    vpa: null,
  };
}

/** CRC-16/CCITT-FALSE, as EMVCo merchant QR codes end with (tag 63). */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/**
 * A dynamic DuitNow QR payload in the EMVCo merchant format: payload format, point of
 * initiation 12 (dynamic), the merchant account, MYR (458), the amount, MY, the merchant's
 * name and city, the payment as its reference, and the CRC. Test data: no bank pays it.
 */
export function duitNowPayload(options: { paymentId: string; amountSen: number; merchantName: string }): string {
  const account = tlv('00', 'MY.DUITNOW') + tlv('01', '890053') + tlv('02', options.paymentId.slice(0, 25));
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', account) +
    tlv('52', '7538') +
    tlv('53', '458') +
    tlv('54', (options.amountSen / 100).toFixed(2)) +
    tlv('58', 'MY') +
    tlv('59', options.merchantName.slice(0, 25)) +
    tlv('60', 'KUALA LUMPUR') +
    tlv('62', tlv('05', options.paymentId.slice(0, 25)));
  return `${body}6304${crc16(`${body}6304`)}`;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

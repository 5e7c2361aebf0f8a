import { createRequire } from 'node:module';
import type * as RazorpayUtilsModule from 'razorpay/dist/utils/razorpay-utils';

/**
 * Curlec's two signatures, checked with the official razorpay package's own functions: a
 * webhook is the hex HMAC-SHA256 of its raw body with the webhook secret; a payment link's
 * return to the shop is the HMAC-SHA256 of
 * `payment_link_id|payment_link_reference_id|payment_link_status|payment_id` with the key secret.
 */

type RazorpayUtils = typeof RazorpayUtilsModule;

// Only the small utilities module: the package's API client (and axios) is never loaded.
const requireHere = createRequire(import.meta.url);
let utils: RazorpayUtils | null = null;
const razorpayUtils = () => (utils ??= requireHere('razorpay/dist/utils/razorpay-utils.js') as RazorpayUtils);

export const WEBHOOK_SIGNATURE_HEADER = 'x-razorpay-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'x-razorpay-event-id';

/** True when the signature is the webhook secret's over exactly these bytes. Never throws. */
export function webhookSignatureHolds(rawBody: string, signature: string | null, webhookSecret: string): boolean {
  if (!signature || !webhookSecret) return false;
  try {
    return razorpayUtils().validateWebhookSignature(rawBody, signature, webhookSecret);
  } catch {
    return false;
  }
}

/** What a payment link's return says, once its signature holds. */
export interface LinkReturn {
  paymentLinkId: string;
  /** The shop's payment id (the link's reference_id). */
  referenceId: string;
  /** The link's status as Curlec names it: paid, partially_paid, … */
  status: string;
  /** Curlec's payment id (pay_…). */
  paymentId: string;
}

export type LinkReturnVerdict = { ok: true; link: LinkReturn } | { ok: false; reason: string };

const RETURN_PARAMS = ['razorpay_payment_id', 'razorpay_payment_link_id', 'razorpay_payment_link_reference_id', 'razorpay_payment_link_status', 'razorpay_signature'] as const;

/**
 * Checks the query Curlec adds to the callback_url when the customer comes back from a
 * payment link (callback_method get). Nothing the query says is shown before this holds.
 */
export function verifyLinkReturn(query: URLSearchParams, keySecret: string): LinkReturnVerdict {
  const missing = RETURN_PARAMS.filter((name) => !query.get(name));
  if (missing.length > 0) return { ok: false, reason: `the return names no ${missing.join(', ')}` };
  const link: LinkReturn = {
    paymentLinkId: query.get('razorpay_payment_link_id')!,
    referenceId: query.get('razorpay_payment_link_reference_id')!,
    status: query.get('razorpay_payment_link_status')!,
    paymentId: query.get('razorpay_payment_id')!,
  };
  let holds: boolean;
  try {
    holds = razorpayUtils().validatePaymentVerification(
      { payment_link_id: link.paymentLinkId, payment_link_reference_id: link.referenceId, payment_link_status: link.status, payment_id: link.paymentId },
      query.get('razorpay_signature')!,
      keySecret,
    );
  } catch {
    holds = false;
  }
  return holds ? { ok: true, link } : { ok: false, reason: 'the return signature does not hold' };
}

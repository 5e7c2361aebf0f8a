import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { checkCheckoutRequest } from '../checkout-request.ts';
import { checkEvent, unusableEvent } from '../event-limits.ts';
import { PaymentRefused, PaymentUnavailable, type CallbackVerdict, type PaymentProvider } from '../types.ts';
import { listSince } from './listing.ts';
import { eventFromStripe, refundResultState, sessionParams, statusFromSession, stripeMethods } from './mapping.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in for api.stripe.com (tests): host, port and protocol. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  now?: () => Date;
  /** Seconds a signed webhook stays acceptable (Stripe's default: 300). */
  toleranceSeconds?: number;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
}

/**
 * The Stripe package, loaded by the first Stripe provider: a shop paying through the sandbox
 * never loads it (34 MB of the server's memory once loaded).
 */
const requireHere = createRequire(import.meta.url);
let stripePackage: typeof Stripe | null = null;
const stripeClass = () => (stripePackage ??= requireHere('stripe') as typeof Stripe);

/** Stripe's errors in the shop's terms: worth retrying later, something to tell the person, or a bug. */
function translated(err: unknown, during: 'checkout' | 'refund' | 'status'): Error {
  const { errors } = stripeClass();
  if (err instanceof errors.StripeConnectionError || err instanceof errors.StripeAPIError || err instanceof errors.StripeRateLimitError) {
    return new PaymentUnavailable(`Stripe is unavailable: ${err.message}`, { cause: err });
  }
  if (err instanceof errors.StripeInvalidRequestError) {
    // A refund above what is left of the charge is "amount_too_large" too.
    if (during === 'refund' && (err.code === 'amount_too_large' || err.code === 'charge_already_refunded')) {
      return new PaymentRefused('gateway.refundTooLarge', {}, err.message);
    }
    if (during === 'checkout' && err.code === 'amount_too_small') return new PaymentRefused('gateway.amountTooSmall', {}, err.message);
    if (during === 'checkout' && err.code === 'amount_too_large') return new PaymentRefused('gateway.amountTooLarge', {}, err.message);
  }
  return err instanceof Error ? err : new Error(String(err));
}

async function calling<T>(during: 'checkout' | 'refund' | 'status', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translated(err, during);
  }
}

/**
 * Stripe Checkout in MYR for FPX, GrabPay and cards, through the official package: the
 * customer pays on Stripe's hosted page; Stripe's signed webhooks and the session itself
 * tell the shop what happened.
 */
export function stripeProvider(options: StripeOptions): StripeProvider {
  const { webhookSecret, now = () => new Date(), toleranceSeconds = 300 } = options;
  const Sdk = stripeClass();
  const stripe = new Sdk(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Servauto' },
  });

  return {
    name: 'stripe',
    methods: stripeMethods,

    async createCheckout(request) {
      checkCheckoutRequest(request, now());
      const params = sessionParams(request, now());
      // One session per attempt, however often the server has to ask.
      const session = await calling('checkout', () => stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.paymentId}` }));
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a payment page URL`);
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async verifyCallback(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) return { ok: false, reason: 'no Stripe-Signature header' };
      let event: Stripe.Event;
      try {
        // receivedAt is in milliseconds, whatever the package's comment says.
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, toleranceSeconds, undefined, now().getTime());
      } catch (err) {
        return { ok: false, reason: err instanceof Error ? err.message : 'signature check failed' };
      }
      let mapped: CallbackVerdict;
      try {
        mapped = eventFromStripe(event);
      } catch {
        mapped = { ok: false, reason: 'the event is not one Stripe sends' };
      }
      // Signed but unusable: kept under its id for review, and refused whenever Stripe sends it again.
      if (!mapped.ok) {
        const object = (event as { data?: { object?: { id?: unknown } | null } }).data?.object;
        const unusable = unusableEvent(event.id, event.type, { providerRef: object?.id });
        return unusable ? { ...mapped, unusable } : mapped;
      }
      return mapped.event ? checkEvent(mapped.event) : mapped;
    },

    callbackReply(outcome, reason) {
      // Stripe retries anything but a 2xx; a refused event (bad signature, wrong amount) is never right later.
      if (outcome === 'refused') return Response.json({ received: false, error: reason ?? 'refused' }, { status: 400 });
      return Response.json({ received: true });
    },

    async paymentStatus(providerRef) {
      const session = await calling('status', () => stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] }));
      return statusFromSession(session);
    },

    async refund(request) {
      if (!Number.isSafeInteger(request.amountSen) || request.amountSen < 1) throw new TypeError('Refund amountSen must be a whole number of sen above 0');
      const session = await calling('status', () => stripe.checkout.sessions.retrieve(request.providerRef));
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent || session.payment_status !== 'paid') throw new PaymentRefused('gateway.notPaid');
      const refund = await calling('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountSen,
            reason: 'requested_by_customer',
            // The webhook names the refund and its payment by these.
            metadata: {
              refundId: request.refundId,
              checkoutSession: session.id,
              ...(session.metadata?.paymentId ? { paymentId: session.metadata.paymentId } : {}),
              ...(session.metadata?.orderNo ? { orderNo: session.metadata.orderNo } : {}),
              ...(request.reason ? { reason: request.reason.slice(0, 500) } : {}),
            },
          },
          { idempotencyKey: request.refundId },
        ),
      );
      return { providerRefundRef: refund.id, state: refundResultState(refund.status) };
    },

    async listSince(since) {
      return calling('status', () => listSince(stripe, since));
    },

    async expireCheckout(providerRef) {
      const session = await calling('status', () => stripe.checkout.sessions.retrieve(providerRef));
      if (session.status !== 'open') return;
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (err) {
        // Paid or expired in the meantime: what paymentStatus will say.
        if (err instanceof Sdk.errors.StripeInvalidRequestError) return;
        throw translated(err, 'status');
      }
    },
  };
}

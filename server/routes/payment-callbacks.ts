import type { Hono } from 'hono';
import type { ShopContext } from '../flows/context.ts';
import { errorMessage } from '../db/loggable.ts';
import { recordPayment } from '../flows/record-payment.ts';
import { refuseEvent } from '../flows/refuse-event.ts';
import type { AppEnv } from '../http/env.ts';
import { log } from '../ops/log.ts';
import type { CallbackOutcome, Metrics } from '../ops/metrics.ts';

/** Provider callbacks are larger than our calls (a Stripe event carries the whole session). */
const CALLBACK_LIMIT_BYTES = 256 * 1024;

/**
 * POST /pay/callback/<provider> for the configured provider (Curlec's also at
 * /payment/curlec/webhook): the raw body verified by the
 * provider (signature, shape and the shop's limits), then recorded and acted on once. Answered
 * in the provider's own format, never the envelope. A failure on our side answers 503 so the
 * provider retries; an event that will never be right answers 400, every time.
 */
export function paymentCallbackRoutes(api: Hono<AppEnv>, ctx: ShopContext, metrics?: Metrics) {
  const provider = ctx.payments;
  const paths = [`/pay/callback/${provider.name}`, ...(provider.callbackPaths ?? [])];
  for (const path of paths) {
    api.post(path, async (c) => {
      const { outcome, reply } = await answer(c.req.header('content-length'), () => c.req.text(), c.req.raw.headers);
      metrics?.paymentCallback(provider.name, outcome);
      return reply ?? c.text('Not recorded; please retry.', 503);
    });
  }

  /** The callback's outcome (for the metrics) and the provider's reply; none when it is to be sent again. */
  async function answer(length: string | undefined, body: () => Promise<string>, headers: Headers): Promise<{ outcome: CallbackOutcome; reply?: Response }> {
    if (Number(length ?? 0) > CALLBACK_LIMIT_BYTES) return { outcome: 'refused', reply: provider.callbackReply('refused', 'body too large') };
    const raw = await body();
    if (Buffer.byteLength(raw) > CALLBACK_LIMIT_BYTES) return { outcome: 'refused', reply: provider.callbackReply('refused', 'body too large') };
    const verdict = await provider.verifyCallback(raw, headers);
    if (!verdict.ok) {
      // A bad signature is nobody's event; a signed but unusable one is kept for review. Both for good (400).
      const { reason } = await refuseEvent(ctx, provider.name, verdict, raw);
      return { outcome: 'refused', reply: provider.callbackReply('refused', reason) };
    }
    // Signed, but nothing the shop acts on.
    if (!verdict.event) return { outcome: 'ignored', reply: provider.callbackReply('processed') };
    try {
      const { outcome, reason } = await recordPayment(ctx, provider.name, verdict.event, raw);
      return { outcome, reply: provider.callbackReply(outcome, reason || undefined) };
    } catch (err) {
      log.error(`[pay] ${provider.name} event ${verdict.event.eventId} not recorded, the provider will send it again: ${errorMessage(err)}`);
      return { outcome: 'failed' };
    }
  }
}

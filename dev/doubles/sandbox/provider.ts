import { randomBytes } from 'node:crypto';
import { and, eq, gte, ne, notLike, sql } from 'drizzle-orm';
import { fpxBanks, payMethods, type PayMethod } from '../../../contract/rules/order-status.ts';
import type { Db } from '../../../server/db/client.ts';
import { checkCheckoutRequest } from '../../../server/providers/payment/checkout-request.ts';
import { PaymentRefused, type PaymentProvider, type PaymentStatus, type ProviderPayment, type RefundRequest } from '../../../server/providers/payment/types.ts';
import type { JobHandler } from '../../../server/jobs/queue.ts';
import { createCourier, fetchDeliver, type Deliver } from './courier.ts';
import { closeDelivery, deliveryJobHandler, scheduleDelivery } from './delivery-job.ts';
import { newEventId, readSandboxEvent, type SandboxEvent } from './events.ts';
import type { PageState } from './page.ts';
import { sandboxCheckouts, sandboxRefunds } from './schema.ts';
import { FAILED_PREFIX, failedBefore, failsFirstTime } from './test-amounts.ts';
import { SIGNATURE_HEADER, readToken, signBody, signToken, signatureMatches } from './signing.ts';
import { log as logged } from '../../../server/ops/log.ts';

export interface SandboxOptions {
  db: Db;
  /** The signing key (see sandboxKey). */
  key: string;
  /** Where callbacks go: …/api/pay/callback/sandbox on the server's own origin. */
  callbackUrl: string;
  deliver?: Deliver;
  now?: () => Date;
  log?: (line: string) => void;
  retryDelaysMs?: readonly number[];
}

/** A checkout as the page reads it: `replaced` when the shop opened a newer one for its order and closed this one. */
export type Checkout = typeof sandboxCheckouts.$inferSelect & { replaced?: boolean };

/** A press on the hosted page. */
export interface Press {
  /** `later`: paid now, the shop told only by the delivery job (about 30 s on), as a slow FPX confirmation. */
  outcome: 'pay' | 'fail' | 'later';
  method: PayMethod;
  bankCode: string | null;
}

export type PressResult =
  | { done: true; returnUrl: string; delivered: boolean }
  | { done: false; checkout: Checkout; state: PageState };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The checkout a page token names, or null when the token is forged, altered or unknown. */
  openCheckout(token: string): Promise<Checkout | null>;
  /** What the page shows for a checkout at this moment. */
  pageState(checkout: Checkout): PageState;
  /** Records a press and sends its signed event; refused when the checkout can no longer take it. */
  press(checkout: Checkout, press: Press): Promise<PressResult>;
  /** Signs a body as the sandbox does (for tools and tests that act as the sandbox). */
  sign(rawBody: string): string;
  /** Resolves once every callback under way has been answered or given up on. */
  idle(): Promise<void>;
  /** Drops callbacks still waiting for another try (their delivery jobs stay). */
  stop(): void;
  /** Runs the delivery jobs (SANDBOX_CALLBACK_JOB): callbacks the quick tries did not get through. */
  readonly callbackJob: JobHandler;
  readonly now: () => Date;
}

/** Every method but Atome, which the shop offers through Curlec alone (docs/contracts/running-the-business.md §4). */
const sandboxMethods: readonly PayMethod[] = payMethods.filter((m) => m !== 'atome');
const bankCodes = new Set<string>(fpxBanks.map((b) => b.code));

export const isPayMethod = (value: unknown): value is PayMethod => (payMethods as readonly unknown[]).includes(value);
export const isBankCode = (value: unknown): value is string => typeof value === 'string' && bankCodes.has(value);

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The server's own hosted payment page, with its records in the database. */
/** A page state in the words every provider's listing uses. */
function listedState(state: PageState): ProviderPayment['state'] {
  if (state === 'open') return 'pending';
  if (state === 'replaced') return 'expired';
  return state;
}

export function sandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, key, callbackUrl, now = () => new Date(), log = (line: string) => logged.error(line) } = options;
  const courier = createCourier({ url: callbackUrl, deliver: options.deliver ?? fetchDeliver(), retryDelaysMs: options.retryDelaysMs, log });

  const signedHeaders = (body: string) => ({ 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(key, body) });
  /** Closes the event's delivery job once the shop took it. */
  const delivered = (eventId: string) => () => closeDelivery(db, eventId, now());

  function eventOf(checkout: Checkout, type: SandboxEvent['type'], extra: Partial<SandboxEvent['data']> = {}): { id: string; body: string } {
    const id = newEventId();
    const event: SandboxEvent = {
      id,
      type,
      created: Math.floor(now().getTime() / 1000),
      data: {
        checkout: checkout.id,
        paymentId: checkout.paymentId,
        orderNo: checkout.orderNo,
        amountSen: checkout.amountSen,
        currency: checkout.currency,
        ...extra,
      },
    };
    return { id, body: JSON.stringify(event) };
  }

  /** Whether the shop opened a newer checkout for the same order: then this one was replaced, not merely timed out. */
  async function withReplaced(checkout: typeof sandboxCheckouts.$inferSelect): Promise<Checkout> {
    const [newer] = await db
      .select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      // Not earlier than this one (two opened within the same instant count as newer).
      .where(and(eq(sandboxCheckouts.orderNo, checkout.orderNo), ne(sandboxCheckouts.id, checkout.id), gte(sandboxCheckouts.createdAt, checkout.createdAt)))
      .limit(1);
    return { ...checkout, replaced: newer !== undefined };
  }

  async function findCheckout(providerRef: string): Promise<Checkout> {
    const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, providerRef));
    if (!checkout) throw new Error(`The sandbox has no checkout ${providerRef}`);
    return withReplaced(checkout);
  }

  function pageState(checkout: Checkout): PageState {
    if (checkout.state === 'paid') return 'paid';
    if (now().getTime() >= checkout.expiresAt.getTime()) return checkout.replaced ? 'replaced' : 'expired';
    return checkout.state as 'open' | 'failed';
  }

  return {
    name: 'sandbox',
    methods: sandboxMethods,
    now,

    async createCheckout(request) {
      checkCheckoutRequest(request, now());
      const row = {
        id: newId('sbx'),
        paymentId: request.paymentId,
        orderNo: request.orderNo,
        amountSen: request.amountSen,
        currency: request.currency,
        payMethod: request.payMethod,
        bankCode: request.bankCode ?? null,
        description: request.description,
        returnUrl: request.returnUrl,
        locale: request.locale,
        createdAt: now(),
        expiresAt: request.expiresAt,
      };
      await db.insert(sandboxCheckouts).values(row).onConflictDoNothing({ target: sandboxCheckouts.paymentId });
      // Asked again for the same attempt (a retry): the same checkout, if it is the same payment.
      const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.paymentId, request.paymentId));
      if (!checkout || checkout.orderNo !== request.orderNo || checkout.amountSen !== request.amountSen || checkout.currency !== request.currency) {
        throw new Error(`Payment ${request.paymentId} already has a sandbox checkout for another order or amount`);
      }
      const token = signToken(key, { checkout: checkout.id, amountSen: checkout.amountSen, currency: checkout.currency, expiresAt: checkout.expiresAt.getTime() });
      // Root-relative: the browser opens it on the shop's own origin, whatever that is.
      return { providerRef: checkout.id, redirectUrl: `/pay/sandbox/${token}` };
    },

    async verifyCallback(rawBody, headers) {
      const signature = headers.get(SIGNATURE_HEADER);
      if (!signature) return { ok: false, reason: `no ${SIGNATURE_HEADER} header` };
      if (!signatureMatches(key, rawBody, signature)) return { ok: false, reason: 'signature does not match the body' };
      return readSandboxEvent(rawBody);
    },

    callbackReply(outcome, reason) {
      if (outcome === 'refused') return Response.json({ received: false, reason: reason ?? 'refused' }, { status: 400 });
      return Response.json({ received: true, duplicate: outcome === 'duplicate' });
    },

    async paymentStatus(providerRef): Promise<PaymentStatus> {
      const checkout = await findCheckout(providerRef);
      const state = pageState(checkout);
      const facts = { amountSen: checkout.amountSen, currency: checkout.currency };
      if (state === 'paid') return { state, ...facts, eventId: checkout.paidEventId };
      if (state === 'expired') return { state, ...facts, eventId: `${checkout.id}.expired` };
      if (state === 'failed') return { state, ...facts, eventId: checkout.lastEventId };
      return { state: 'pending', ...facts, eventId: null };
    },

    async refund(request: RefundRequest) {
      if (!Number.isSafeInteger(request.amountSen) || request.amountSen < 1) throw new TypeError('Refund amountSen must be a whole number of sen above 0');
      if (typeof request.refundId !== 'string' || request.refundId.length < 1 || request.refundId.length > 100) {
        throw new TypeError('Refund refundId must be 1 to 100 characters');
      }
      const outcome = await db.transaction(async (tx) => {
        // One refund at a time per payment, so two together never pass the total paid.
        const [checkout] = await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, request.providerRef)).for('update');
        if (!checkout) throw new Error(`The sandbox has no checkout ${request.providerRef}`);
        const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundId, request.refundId));
        if (earlier) {
          if (earlier.checkoutId !== checkout.id || earlier.amountSen !== request.amountSen) {
            throw new Error(`Refund ${request.refundId} was already made for another payment or amount`);
          }
          return { refundRef: earlier.id, event: null };
        }
        if (checkout.state !== 'paid') throw new PaymentRefused('gateway.notPaid');
        const [{ refunded }] = (await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountSen}), 0)::int` })
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.checkoutId, checkout.id), notLike(sandboxRefunds.id, `${FAILED_PREFIX}%`)))) as [{ refunded: number }];
        if (refunded + request.amountSen > checkout.amountSen) throw new PaymentRefused('gateway.refundTooLarge');
        const fails = failsFirstTime(request.amountSen) && !(await failedBefore(tx, checkout.id, request.amountSen));
        const refundRef = newId(fails ? FAILED_PREFIX : 'sbxr');
        const event = eventOf(checkout, fails ? 'refund.failed' : 'refund.succeeded', { amountSen: request.amountSen, refundId: request.refundId, refund: refundRef });
        await tx.insert(sandboxRefunds).values({
          id: refundRef,
          refundId: request.refundId,
          checkoutId: checkout.id,
          amountSen: request.amountSen,
          reason: request.reason?.slice(0, 500) ?? null,
          eventId: event.id,
          createdAt: now(),
        });
        await scheduleDelivery(tx, event, signBody(key, event.body), now());
        return { refundRef, event };
      });
      // After this call returns (and the caller's own transaction has had its chance to commit).
      if (outcome.event) courier.sendLater(outcome.event.body, signedHeaders(outcome.event.body), delivered(outcome.event.id));
      // A failing test refund is taken, then reported failed by its callback, as a card gateway does.
      return { providerRefundRef: outcome.refundRef, state: outcome.refundRef.startsWith(FAILED_PREFIX) ? ('pending' as const) : ('succeeded' as const) };
    },

    async listSince(since) {
      const checkouts = await db.select().from(sandboxCheckouts).where(gte(sandboxCheckouts.createdAt, since));
      const refunds = await db.select().from(sandboxRefunds).where(gte(sandboxRefunds.createdAt, since));
      return {
        payments: checkouts.map((c) => ({ ref: c.id, amountSen: c.amountSen, currency: c.currency, state: listedState(pageState(c)), paidAt: c.paidAt })),
        refunds: refunds.map((r) => ({ ref: r.id, paymentRef: r.checkoutId, amountSen: r.amountSen, state: r.id.startsWith(FAILED_PREFIX) ? ('failed' as const) : ('succeeded' as const) })),
      };
    },

    async expireCheckout(providerRef) {
      const at = now();
      await db
        .update(sandboxCheckouts)
        .set({ expiresAt: sql`least(${sandboxCheckouts.expiresAt}, ${at})`, updatedAt: at })
        .where(and(eq(sandboxCheckouts.id, providerRef), sql`${sandboxCheckouts.state} <> 'paid'`));
    },

    async openCheckout(token) {
      const claims = readToken(key, token);
      if (!claims) return null;
      const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, claims.checkout));
      if (!checkout) return null;
      // The record must say what the token vouched for; a checkout is never re-priced.
      if (checkout.amountSen !== claims.amountSen || checkout.currency !== claims.currency) return null;
      return withReplaced(checkout);
    },

    pageState,

    async press(checkout, press) {
      const at = now();
      const paying = press.outcome !== 'fail';
      const event = eventOf(checkout, paying ? 'payment.succeeded' : 'payment.failed', {
        payMethod: press.method,
        ...(press.bankCode ? { bankCode: press.bankCode } : {}),
      });
      const open = sql`${sandboxCheckouts.expiresAt} > ${at}`;
      // The delivery is recorded with the press: a stop before the shop hears of it loses nothing.
      const updated = await db.transaction(async (tx) => {
        const rows =
          paying
            ? await tx
                .update(sandboxCheckouts)
                .set({
                  state: 'paid',
                  paidEventId: sql`coalesce(${sandboxCheckouts.paidEventId}, ${event.id})`,
                  paidAt: sql`coalesce(${sandboxCheckouts.paidAt}, ${at})`,
                  paidMethod: sql`coalesce(${sandboxCheckouts.paidMethod}, ${press.method})`,
                  paidBankCode: sql`case when ${sandboxCheckouts.paidAt} is null then ${press.bankCode} else ${sandboxCheckouts.paidBankCode} end`,
                  lastEventId: event.id,
                  updatedAt: at,
                })
                // A second Pay (a double press, a resent form) is a second event for one payment.
                .where(and(eq(sandboxCheckouts.id, checkout.id), sql`(${open} or ${sandboxCheckouts.state} = 'paid')`))
                .returning()
            : await tx
                .update(sandboxCheckouts)
                .set({ state: 'failed', lastEventId: event.id, updatedAt: at })
                .where(and(eq(sandboxCheckouts.id, checkout.id), open, sql`${sandboxCheckouts.state} <> 'paid'`))
                .returning();
        if (rows.length > 0) await scheduleDelivery(tx, event, signBody(key, event.body), at);
        return rows;
      });
      if (updated.length === 0) {
        const current = await findCheckout(checkout.id);
        return { done: false, checkout: current, state: pageState(current) };
      }
      if (press.outcome === 'later') return { done: true, returnUrl: checkout.returnUrl, delivered: false };
      const taken = await courier.send(event.body, signedHeaders(event.body), delivered(event.id));
      return { done: true, returnUrl: checkout.returnUrl, delivered: taken };
    },

    sign: (rawBody) => signBody(key, rawBody),
    idle: () => courier.idle(),
    stop: () => courier.stop(),
    callbackJob: deliveryJobHandler(db, courier, log),
  };
}

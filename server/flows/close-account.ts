import type { Locale } from '../../contract/rules/language.ts';
import { message, type MessageKey } from '../../contract/rules/messages.ts';
import { lockKey } from '../db/client.ts';
import { scheduleJob } from '../jobs/queue.ts';
import { audit } from '../modules/audit/service.ts';
import { accountOf, closeAccountRow, codeRefusal, lockAccount, takeCode, type CodeCheck } from '../modules/auth/service.ts';
import { warning } from '../modules/errors.ts';
import { forgetCustomerMessages, recordClosureSms } from '../modules/notifications/service.ts';
import { eraseOrderContacts, lockCustomerOrders, openOrdersOf, ordersOfCustomer } from '../modules/orders/service.ts';
import { forgetRefundContacts, ordersWithOpenRefunds } from '../modules/refunds/service.ts';
import { forgetReviewPhotos } from '../modules/reviews/service.ts';
import { emptyGarage } from '../modules/vehicles/service.ts';
import { forgetClaimPhotos, ordersWithOpenClaims } from '../modules/warranty/service.ts';
import type { ShopContext } from './context.ts';

/** The job that removes a closed account's photos from the storage, after the closing commit. */
export const ACCOUNT_PHOTOS_JOB = 'account.photos';

/** Why an order keeps an account open (docs/contracts/running-the-business.md §5). */
export type OpenReason = 'PENDING_PAYMENT' | 'UPCOMING' | 'IN_PROGRESS' | 'refund' | 'claim';
const REASONS: readonly OpenReason[] = ['PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS', 'refund', 'claim'];

export interface OpenOrder {
  orderNo: string;
  why: OpenReason;
}

type Outcome = { done: true; closedAt: Date } | { done: false; code: Exclude<CodeCheck, { verdict: 'ok' }> } | { done: false; open: OpenOrder[] };

/** What keeps the account open: each order awaiting payment, upcoming or in progress, or with a refund or a warranty claim open. */
async function openOrders(tx: ShopContext['db'], customerId: string): Promise<OpenOrder[]> {
  const open: OpenOrder[] = (await openOrdersOf(tx, customerId)).map((o) => ({ orderNo: o.orderNo, why: o.status as OpenReason }));
  const all = await ordersOfCustomer(tx, customerId);
  const numberOf = new Map(all.map((o) => [o.id, o.orderNo]));
  const refunds = await ordersWithOpenRefunds(
    tx,
    all.map((o) => o.id),
  );
  const claims = await ordersWithOpenClaims(tx, customerId);
  for (const id of refunds) open.push({ orderNo: numberOf.get(id)!, why: 'refund' });
  for (const id of claims) if (numberOf.has(id)) open.push({ orderNo: numberOf.get(id)!, why: 'claim' });
  return open.sort((a, b) => REASONS.indexOf(a.why) - REASONS.indexOf(b.why) || a.orderNo.localeCompare(b.orderNo));
}

/** The refusal that names each open order and why, in the caller's language. */
function openRefusal(open: OpenOrder[], locale: Locale) {
  const list = open.map((o) => message(locale, `close.open.${o.why}` as MessageKey, { orderNo: o.orderNo })).join(locale === 'zh-cn' ? '；' : '; ');
  return warning('close.open', { list }, { open });
}

/**
 * `app/user/close` (docs/contracts/running-the-business.md §5): closes the logged-in customer's
 * account with a fresh closing code. While an order is open (awaiting payment, upcoming, in
 * progress, a refund or a warranty claim open) it is refused, naming each, and nothing changes
 * (the code stays usable). Otherwise, in one transaction, each module erasing its own tables:
 * every session ends; the account stays as a closed row without phone, names or avatar; the
 * orders lose plate, contact, address and notes (their lines, amounts and history stay for the
 * books); refunds lose their contact; the photos of reviews, refunds and claims are detached, and
 * a job removes the files after the commit (never lost if the process dies); reviews stay, shown
 * as "A customer"; the garage and the consents go; messages keep their text and lose their
 * number; invoices, credit notes and e-invoices are not touched (kept seven years by law). The
 * audit log records who, when and how much was erased; an SMS confirms it, written to send in the
 * same transaction and sent after it, its number erased once sent.
 */
export async function closeAccount(ctx: ShopContext, userId: string, code: string, locale: Locale): Promise<{ closed: true; closedAt: string }> {
  let nudge = async () => {};
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    // The locks in the order a login (the phone's codes, then the account) and a checkout (the
    // customer's orders, then the account) take theirs: none waits for another in a circle.
    const phone = (await accountOf(tx, userId))?.phone;
    if (!phone) throw warning('otp.none');
    await lockKey(tx, 'otp', phone);
    // A checkout placing an order now finishes first, or waits for this.
    await lockCustomerOrders(tx, userId);
    const account = await lockAccount(tx, userId);
    if (!account || account.phone !== phone || account.closedAt) throw warning('otp.none');
    const open = await openOrders(tx, userId);
    if (open.length) return { done: false, open };
    const at = ctx.now();
    const checked = await takeCode(tx, ctx.secret, phone, code, 'close', at);
    if (checked.verdict !== 'ok') return { done: false, code: checked };

    const orderIds = (await ordersOfCustomer(tx, userId)).map((o) => o.id);
    const { sessions } = await closeAccountRow(tx, account, at);
    const orders = await eraseOrderContacts(tx, userId, at);
    const refunds = await forgetRefundContacts(tx, orderIds);
    const claims = await forgetClaimPhotos(tx, userId);
    const reviewPhotos = await forgetReviewPhotos(tx, userId);
    const garage = await emptyGarage(tx, userId);
    const messages = await forgetCustomerMessages(tx, { userId, phone, orderIds });
    const photoKeys = [...refunds.photoKeys, ...claims.photoKeys, ...reviewPhotos];
    await scheduleJob(tx, { kind: ACCOUNT_PHOTOS_JOB, key: `${ACCOUNT_PHOTOS_JOB}:${userId}`, runAt: at, payload: { customerId: userId, keys: photoKeys } }, at);
    await audit(
      tx,
      {
        staff: { id: userId, phone: '', role: 'customer' },
        action: 'app/user/close',
        details: {
          sessions,
          orders,
          refunds: refunds.refunds,
          claims: claims.claims,
          photos: photoKeys.length,
          cars: garage.cars,
          readings: garage.readings,
          consents: messages.consents,
          carReminders: messages.carReminders,
          messages: messages.messages,
          messagesWithdrawn: messages.withdrawn,
          replies: messages.replies,
        },
      },
      at,
    );
    nudge = await recordClosureSms(tx, ctx, { userId, phone }, locale, at);
    return { done: true, closedAt: at };
  });
  if (!outcome.done) throw 'open' in outcome ? openRefusal(outcome.open, locale) : codeRefusal(outcome.code);
  await nudge();
  return { closed: true, closedAt: outcome.closedAt.toISOString() };
}

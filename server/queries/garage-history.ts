import { and, asc, eq, inArray } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import type { GarageHistory } from '../../contract/garage.ts';
import { expiryBasisWords, serviceBasisWords } from '../../contract/rules/due-words.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { expiryDue, serviceDue } from '../../contract/rules/service-due.ts';
import type { ReadContext } from './context.ts';
import { pick } from '../i18n/localized.ts';
import { serviceInterval } from '../modules/catalog/intervals.ts';
import { DomainError } from '../modules/errors.ts';
import { orderLines, orders } from '../modules/orders/schema.ts';
import { tyresOfOrders } from '../modules/orders/service.ts';
import { fittedTyreView } from '../modules/orders/line-view.ts';
import { readingsOf } from '../modules/vehicles/odometer.ts';
import { remindersOfCar } from './reminder-recipients.ts';
import type { garageService } from '../modules/vehicles/service.ts';
import { userCars } from '../modules/vehicles/schema.ts';

type Due = GarageHistory['due'][number];

/**
 * A garage car's history (docs/contracts/after-sale.md §1): its completed installations (the shop's services),
 * its readings, and what is due. A service is due again for each service product the car had,
 * counted from the last time it was done; a car with no service on record is due one now (its
 * words name the last visit when other work was done).
 */
export async function garageHistory(ctx: ReadContext, garage: ReturnType<typeof garageService>, userId: string, carId: string, locale: Locale): Promise<GarageHistory> {
  await garage.mustOwn(userId, carId);
  const car = (await garage.list(userId)).find((c) => c.id === carId);
  const [row] = await ctx.db.select({ modelId: userCars.modelId }).from(userCars).where(eq(userCars.id, carId));
  if (!car || !row) throw new DomainError(Code.NOT_FOUND, 'garage.unknownCar');
  const today = klDate(ctx.now());

  const done = await ctx.db
    .select({ id: orders.id, orderNo: orders.orderNo, storeId: orders.storeId, completedAt: orders.completedAt, odometerKm: orders.odometerKm })
    .from(orders)
    .where(and(eq(orders.carId, carId), eq(orders.customerId, userId), eq(orders.status, 'COMPLETED'), eq(orders.method, 'install')))
    .orderBy(asc(orders.completedAt));
  const lines = done.length
    ? await ctx.db
        .select({ id: orderLines.id, orderId: orderLines.orderId, productId: orderLines.productId, name: orderLines.name, quantity: orderLines.quantity })
        .from(orderLines)
        .where(inArray(orderLines.orderId, done.map((o) => o.id)))
        .orderBy(asc(orderLines.position))
    : [];
  const tyres = await tyresOfOrders(ctx.db, done.map((o) => o.id));
  const products = ctx.indexes.catalog.byId;
  const services = done.map((o) => ({
    orderNo: o.orderNo,
    date: klDate(o.completedAt!),
    storeId: o.storeId ?? '',
    storeName: ctx.indexes.workshops.find((w) => w.id === o.storeId)?.name ?? '',
    items: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => {
        const p = products.get(l.productId);
        const fitted = tyres.filter((t) => t.lineId === l.id).map((t) => fittedTyreView(t, locale));
        return { productId: l.productId, name: p ? pick(p.name, locale) : l.name, quantity: l.quantity, tyres: fitted };
      }),
    ...(o.odometerKm === null ? {} : { odometerKm: o.odometerKm }),
  }));
  const readings = await readingsOf(ctx.db, carId);

  // Each service product the car had, from the last time it was done.
  const due: Due[] = [];
  const seen = new Set<string>();
  for (const s of [...services].reverse()) {
    for (const item of s.items) {
      const p = products.get(item.productId);
      const interval = p ? serviceInterval(p, row.modelId) : null;
      if (!interval || seen.has(item.productId)) continue;
      seen.add(item.productId);
      const next = serviceDue({ interval, services: [{ date: s.date, ...(s.odometerKm === undefined ? {} : { km: s.odometerKm }) }], readings, today });
      due.push({
        kind: 'service',
        dueDate: next.dueDate,
        ...(next.dueKm === undefined ? {} : { dueKm: next.dueKm }),
        basis: serviceBasisWords(next.basis, next.dueKm, locale),
        rule: next.basis.rule,
        daysLeft: next.basis.daysLeft,
        ...(next.basis.kmPerDay === undefined ? {} : { kmPerDay: next.basis.kmPerDay }),
        productId: item.productId,
        name: item.name,
      });
    }
  }
  if (seen.size === 0) {
    const never = serviceDue({ interval: { months: 0, km: 0 }, services: [], readings, today });
    // Work was done (wipers, tyres…) but none of it a maintenance service: the words say so.
    const lastVisit = services.at(-1)?.date;
    due.push({ kind: 'service', dueDate: never.dueDate, basis: serviceBasisWords(never.basis, undefined, locale, lastVisit), rule: never.basis.rule, daysLeft: 0 });
  }
  for (const [kind, expiry] of [['roadTax', car.roadTaxExpiry], ['insurance', car.insuranceExpiry]] as const) {
    if (!expiry) continue;
    const next = expiryDue(expiry, today);
    due.push({ kind, dueDate: next.dueDate, basis: expiryBasisWords(next, locale), rule: 'expiry', daysLeft: next.basis.daysLeft });
  }
  due.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));

  const reminders = await remindersOfCar(ctx.db, carId);
  return { car, services: [...services].reverse(), odometer: [...readings].reverse(), due, reminders };
}

// The API as `npm start` builds it, on PGlite (default) or on the PostgreSQL of BENCH_DATABASE_URL,
// plus bench-only routes: the login code last sent to a phone, and raw inserts of the rows an
// order writes, the yardstick for placing orders through the API.
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApi } from '../server/app.ts';
import { createDoubles } from '../dev/doubles/index.ts';
import { openDatabase } from '../server/db/client.ts';
import { serverSecret, syncContent } from '../server/db/sync.ts';
import { loadIndexes } from '../server/indexes.ts';
import { bookedUnits } from '../server/modules/booking/schema.ts';
import { orderHistory, orderLines, orders } from '../server/modules/orders/schema.ts';
import { jobs } from '../server/jobs/schema.ts';
import { users } from '../server/modules/auth/schema.ts';
import { reviewImages, reviews } from '../server/modules/reviews/schema.ts';
import type { SmsProvider } from '../server/providers/sms/index.ts';
import { stockLevels } from '../server/modules/stock/schema.ts';
import { dotOfDate, skusOf, WAREHOUSE, type StockedProduct } from '../contract/rules/stock.ts';
import { sql } from 'drizzle-orm';

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: mkdtempSync(path.join(tmpdir(), 'servauto-bench-orders-')) });
// The demo staff and coupons as `npm start` loads them: on the embedded database only.
await syncContent(database.db, path.resolve('content'), { demoData: !url });
// The sandbox gateway and the MyInvois double, as `npm start` hands them to the server.
const doubles = createDoubles();
await doubles.migrate(database.db);
const codes = new Map<string, string>();
const sms: SmsProvider = {
  name: 'bench',
  async sendOtp({ phone, code }) {
    codes.set(phone, code);
  },
  async send() {},
};
const indexes = await loadIndexes(database.db);
const app = createApi({ db: database.db, doubles, indexes, sms, secret: await serverSecret(database.db, null), sendsPerAddressPerHour: 100_000 });

// The yardstick: a route that does nothing, in the same process.
app.post('/bare', (c) => c.json({ code: 200, msg: 'OK', data: [] }));

app.post('/bench/otp', async (c) => c.json({ code: codes.get((await c.req.json()).phone) ?? null }));

let raw = 0;
function rawOrder() {
  const now = new Date();
  raw++;
  return {
    id: randomUUID(),
    orderNo: `RAW${process.pid}${raw}`,
    customerId: randomUUID(),
    status: 'PENDING_PAYMENT' as const,
    method: 'install' as const,
    storeId: 'bench-workshop',
    appointmentDate: '2030-01-02',
    appointmentTime: '10:00',
    fittingMinutes: 75,
    car: { variantId: 'perodua-myvi-1.5-av-2022', brand: 'Perodua', model: 'Myvi', variant: '1.5 AV', sizeClass: 'S' as const },
    carPlate: 'WXY 1234',
    contact: { name: 'Bench', phone: '+60123456789' },
    partsSen: 22100,
    labourSen: 2500,
    serviceTaxSen: 200,
    goodsSen: 24800,
    deliveryFeeSen: 0,
    discountSen: 0,
    totalSen: 24800,
    payBefore: new Date(now.getTime() + 1_800_000),
    language: 'en' as const,
    idempotencyKey: randomUUID(),
    requestHash: 'bench',
    createdAt: now,
    updatedAt: now,
  };
}
const line = (orderId: string, position: number) => ({
  orderId,
  position,
  productId: 'service-basic',
  category: 'Maintenance',
  brand: 'Servauto',
  name: 'Basic service',
  quantity: 1,
  options: { oilId: 'oil-perodua-0w20' },
  unitPartsSen: 13200,
  unitLabourSen: 2500,
  unitServiceTaxSen: 200,
  unitSen: 15900,
  partsSen: 13200,
  labourSen: 2500,
  serviceTaxSen: 200,
  totalSen: 15900,
});

/**
 * Shelves deep enough for every order a run places: each sku of the named products at every
 * workshop and the warehouse gets DEEP units (tyres in one batch made this week), so a
 * measurement of placing orders is never cut short by stock running out.
 */
const DEEP = 100_000;
app.post('/bench/deep-stock', async (c) => {
  const { products } = (await c.req.json()) as { products: string[] };
  const now = new Date();
  const dot = dotOfDate(now.toISOString().slice(0, 10));
  const places = [WAREHOUSE, ...indexes.workshops.map((w) => w.id)];
  const rows = products.flatMap((id) => {
    const product = indexes.catalog.byId.get(id) as unknown as StockedProduct | undefined;
    if (!product) throw new Error(`bench: no product ${id}`);
    return skusOf(product).flatMap((sku) => places.map((location) => ({ location, sku, dot: product.fit.kind === 'tyre' ? dot : '', onHand: DEEP, reserved: 0, updatedAt: now })));
  });
  await database.db
    .insert(stockLevels)
    .values(rows)
    .onConflictDoUpdate({ target: [stockLevels.location, stockLevels.sku, stockLevels.dot], set: { onHand: sql`greatest(${stockLevels.onHand}, ${DEEP})` } });
  return c.json({ code: 200, msg: 'OK', data: rows.length });
});

/** One order row, nothing else: the cheapest write an order could be. */
app.post('/bench/raw-order-row', async (c) => {
  await database.db.insert(orders).values(rawOrder());
  return c.json({ code: 200, msg: 'OK', data: null });
});

/** Every row placing an order writes (order, 2 lines, history, 3 units, time-out job), in one transaction, without a check. */
app.post('/bench/raw-order-rows', async (c) => {
  await database.db.transaction(async (tx) => {
    const order = rawOrder();
    const now = order.createdAt;
    await tx.insert(orders).values(order);
    await tx.insert(orderLines).values([line(order.id, 0), line(order.id, 1)]);
    await tx.insert(orderHistory).values({ orderId: order.id, status: 'PENDING_PAYMENT', at: now, by: 'customer' });
    // A workshop of its own per order, so the units never meet the unique index.
    await tx.insert(bookedUnits).values([20, 21, 22].map((unit) => ({ workshopId: `bench-${order.id}`, date: '2030-01-02', unit, bay: 1, holder: 'order' as const, holderId: order.id, state: 'held' as const, createdAt: now })));
    await tx.insert(jobs).values({ kind: 'bench.none', runAt: new Date('2100-01-01'), payload: {}, createdAt: now });
  });
  return c.json({ code: 200, msg: 'OK', data: null });
});

/**
 * Reviews as a busy shop has them: `perProduct` completed orders for each of `products`, each
 * with its buyer and a review (a third with text, one in ten with a photo, one in twenty held or
 * hidden), written in batches straight into the tables.
 */
app.post('/bench/seed-reviews', async (c) => {
  const { products, perProduct } = (await c.req.json()) as { products: string[]; perProduct: number };
  const now = Date.now();
  for (const productId of products) {
    for (let first = 0; first < perProduct; first += 200) {
      const n = Math.min(200, perProduct - first);
      await database.db.transaction(async (tx) => {
        const buyers = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), phone: `+6019${randomUUID().replace(/\D/g, '').slice(0, 8)}${i}`, realName: `Buyer ${first + i} Bench` }));
        await tx.insert(users).values(buyers);
        const rows = buyers.map((b) => ({ ...rawOrder(), customerId: b.id, status: 'COMPLETED' as const }));
        await tx.insert(orders).values(rows);
        const written = rows.map((o, i) => {
          const at = new Date(now - (first + i) * 3_600_000);
          const k = first + i;
          return {
            id: randomUUID(),
            orderId: o.id,
            customerId: o.customerId,
            target: 'product' as const,
            productId,
            storeId: o.storeId,
            rating: 1 + ((k * 7) % 5),
            text: k % 3 === 0 ? `Fitted in twenty minutes, quiet on the highway. Review ${k}.` : '',
            status: k % 20 === 0 ? ('hidden' as const) : ('visible' as const),
            helpfulness: (k % 3 === 0 ? 1 : 0) + (k % 10 === 0 ? 1 : 0),
            createdAt: at,
            updatedAt: at,
          };
        });
        await tx.insert(reviews).values(written);
        const withPhoto = written.filter((_, i) => (first + i) % 10 === 0);
        if (withPhoto.length) await tx.insert(reviewImages).values(withPhoto.map((r) => ({ reviewId: r.id, key: `bench/${r.id}.jpg`, position: 0 })));
      });
    }
  }
  return c.json({ code: 200, msg: 'OK', data: null });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3901), hostname: '127.0.0.1' }, (info) => {
  console.log(`ready ${info.port} ${database.kind}`);
});
// Answers still on their way when the driver is done are of no interest: stop at once.
process.on('SIGTERM', () => process.exit(0));

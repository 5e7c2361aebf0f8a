import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readContent } from './content.ts';
import { bannerFile, syncBanners } from '../modules/home/service.ts';
import { cityFile, syncDictionary } from '../modules/dictionary/service.ts';
import { loadVehicles } from '../modules/vehicles/content.ts';
import { syncVehicles } from '../modules/vehicles/service.ts';
import { loadCatalog } from '../modules/catalog/content.ts';
import { syncCatalog } from '../modules/catalog/service.ts';
import { loadWorkshops } from '../modules/stores/content.ts';
import { syncWorkshops } from '../modules/stores/service.ts';
import { loadDelivery, loadFulfilment, loadMobile, loadPayments, loadWarranty } from '../modules/orders/content.ts';
import { syncOrderRules } from '../modules/orders/service.ts';
import { loadCoupons } from '../modules/coupons/content.ts';
import { syncCoupons } from '../modules/coupons/service.ts';
import { staffFile, syncStaff } from '../modules/staff/service.ts';
import { stockFile, seedStock, syncStockRules } from '../modules/stock/service.ts';
import { demoStockFile, planDemoStock } from '../modules/stock/demo.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import type { CategoryClassName } from '../../contract/rules/categories.ts';
import type { Db } from './client.ts';
import { settings } from './settings.ts';

/**
 * Loads content/ into the database. Idempotent: run on every start, content wins. The demo
 * staff, coupons and stock only with `demoData` (DEMO_DATA); without it they are not read, and what an
 * earlier start loaded stays as it is. Demo stock is seeded once: a count already there stays;
 * its tyres' DOT codes are weeks before `now`.
 */
export async function syncContent(db: Db, contentDir: string, { demoData, now = new Date() }: { demoData: boolean; now?: Date }) {
  await syncBanners(db, await readContent(contentDir, 'home/banners.json', bannerFile));
  const cities = await readContent(contentDir, 'dictionaries/city.json', cityFile);
  await syncDictionary(db, cities);
  await syncVehicles(db, await loadVehicles(contentDir));
  const catalog = await loadCatalog(contentDir);
  await syncCatalog(db, catalog);
  const workshops = await loadWorkshops(contentDir, new Set(cities.entries.map((e) => e.value)));
  await syncWorkshops(db, workshops);
  const selfFitted = catalog.filter((p) => p.noFitting).map((p) => ({ id: p.id, category: p.category as CategoryClassName }));
  await syncOrderRules(db, {
    fulfilment: await loadFulfilment(contentDir, new Set(catalog.map((p) => p.id)), selfFitted),
    delivery: await loadDelivery(contentDir),
    warranty: await loadWarranty(contentDir),
    mobile: await loadMobile(contentDir, new Set(workshops.map((w) => w.id))),
    payments: await loadPayments(contentDir),
  });
  await syncStockRules(db, await readContent(contentDir, 'stock/stock.json', stockFile));
  if (demoData) {
    await syncCoupons(db, await loadCoupons(contentDir));
    await syncStaff(db, await readContent(contentDir, 'staff.json', staffFile), new Set(workshops.map((w) => w.id)), new Date());
    const plan = planDemoStock(await readContent(contentDir, 'stock/demo.json', demoStockFile), catalog, workshops, klDate(now));
    await seedStock(db, plan, now);
  }
}

/** The configured secret, else one generated on first start and shared through the database. */
export async function serverSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: 'otp_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'otp_secret'));
  return row!.value;
}

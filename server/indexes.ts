import type { Db } from './db/client.ts';
import type { Indexes } from './flows/context.ts';
import { loadCatalogIndex } from './modules/catalog/service.ts';
import { loadCouponIndex } from './modules/coupons/service.ts';
import { loadOrderRules } from './modules/orders/service.ts';
import { loadWorkshopIndex } from './modules/stores/service.ts';
import { loadCarIndex } from './modules/vehicles/service.ts';

/**
 * What the API reads from memory instead of the database: built once after the content
 * sync. Content changes only with a deploy, and every process builds its own copy.
 */
export async function loadIndexes(db: Db): Promise<Indexes> {
  const [cars, catalog, workshops, orderRules, coupons] = await Promise.all([
    loadCarIndex(db),
    loadCatalogIndex(db),
    loadWorkshopIndex(db),
    loadOrderRules(db),
    loadCouponIndex(db),
  ]);
  return { cars, catalog, workshops, orderRules, coupons };
}

export type { Indexes };

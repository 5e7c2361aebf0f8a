import type { Db } from './db/client.ts';
import type { Indexes } from './flows/context.ts';
import { loadCatalogIndex } from './modules/catalog/service.ts';
import { loadCouponIndex } from './modules/coupons/service.ts';
import { loadOrderRules } from './modules/orders/service.ts';
import { loadWorkshopIndex } from './modules/stores/service.ts';
import { loadCarIndex } from './modules/vehicles/service.ts';

/**
 * What the API reads from memory instead of the database: built after the content sync at
 * start, and again after each republish of the content (refreshIndexes). Every process builds
 * its own copy.
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

/**
 * Reads the indexes again after the content changed (a republish), into the objects the
 * services were given at start: a list is refilled, an index object takes the new one's
 * fields (its maps, its lookups, an empty answer cache).
 */
export async function refreshIndexes(db: Db, indexes: Indexes): Promise<void> {
  const fresh = await loadIndexes(db);
  for (const key of Object.keys(fresh) as (keyof Indexes)[]) {
    const current = indexes[key] as unknown;
    const next = fresh[key] as unknown;
    if (Array.isArray(current) && Array.isArray(next)) current.splice(0, current.length, ...(next as unknown[]));
    else Object.assign(current as object, next);
  }
}

import type { Db } from '../db/client.ts';
import type { CatalogIndex } from '../modules/catalog/service.ts';
import type { Coupon } from '../modules/coupons/content.ts';
import type { WorkshopIndex } from '../modules/stores/service.ts';

/** What the read models work with: the database, the content in memory, the clock, and the secret photo links are signed with. */
export interface ReadContext {
  db: Db;
  indexes: { catalog: CatalogIndex; workshops: WorkshopIndex; coupons: Coupon[]; orderRules: { mobile: unknown } };
  now: () => Date;
  secret: string;
}

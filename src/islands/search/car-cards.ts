import type { ProductCard } from '../../../contract/catalog.ts';
import { callApi } from '../../lib/api.ts';
import { productPage } from '../../lib/endpoints.ts';

/** The most one page may hold (contract/catalog.ts); more than any category has. */
const PAGE_SIZE_MAX = 48;
const answered = new Map<string, Promise<ProductCard[]>>();

/**
 * The cards of the found products' categories as the category pages show them: priced and
 * checked for the chosen variant (or for no car) by the same call. A category holds fewer
 * products than one page, and each category is asked once per car.
 */
export async function carCards(categorySlugs: string[], variantId: string | undefined): Promise<Map<string, ProductCard>> {
  const lists = await Promise.all(
    categorySlugs.map((category) => {
      const key = `${variantId ?? ''}|${category}`;
      let list = answered.get(key);
      if (!list) {
        list = callApi(productPage, { category, variantId, sort: 'popular', fitsOnly: false, page: 1, pageSize: PAGE_SIZE_MAX }, { quiet: true }).then((a) => a.list);
        list.catch(() => answered.delete(key));
        answered.set(key, list);
      }
      return list;
    }),
  );
  return new Map(lists.flat().map((c) => [c.id, c]));
}

import { productChangeList, productFind, productPage, typeList } from '../../../contract/catalog.ts';
import { serialized, type CallMounter } from '../../http/calls.ts';
import type { catalogService } from './service.ts';

/** Answers kept: enough for every car's common pages, a few MB at most. */
const PAGE_CACHE_SIZE = 5000;

export function catalogRoutes(calls: CallMounter, catalog: ReturnType<typeof catalogService>) {
  calls.mount(typeList, (_input, c) => catalog.types(c.get('locale')));
  // The catalogue only changes with a deploy, so a page asked for again is served as it was serialised.
  const pages = new Map<string, string>();
  calls.mount(productPage, (input, c) => {
    const key = `${c.get('locale')}|${input.category ?? ''}|${input.variantId ?? ''}|${input.keyword ?? ''}|${input.sort}|${input.fitsOnly}|${input.page}|${input.pageSize}`;
    let json = pages.get(key);
    if (json === undefined) {
      json = JSON.stringify(catalog.page(input, c.get('locale')));
      if (pages.size >= PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value!);
      pages.set(key, json);
    }
    return serialized(json);
  });
  calls.mount(productFind, ({ id, variantId }, c) => catalog.find(id, variantId, c.get('locale')));
  calls.mount(productChangeList, ({ id, variantId }, c) => catalog.changeList(id, variantId, c.get('locale')));
}

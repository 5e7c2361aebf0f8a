import { productChangeList, productFind, productPage, typeList } from '../../contract/catalog.ts';
import { serialized, type CallMounter } from '../http/calls.ts';
import type { catalogService } from '../modules/catalog/service.ts';

export function catalogRoutes(calls: CallMounter, catalog: ReturnType<typeof catalogService>) {
  calls.mount(typeList, (_input, c) => catalog.types(c.get('locale')));
  calls.mount(productPage, (input, c) => serialized(catalog.pageJson(input, c.get('locale'))));
  calls.mount(productFind, ({ id, variantId, modelId, yearId, quantity, options }, c) =>
    catalog.find(id, variantId, c.get('locale'), { quantity, options }, { modelId, yearId }),
  );
  calls.mount(productChangeList, ({ id, variantId }, c) => catalog.changeList(id, variantId, c.get('locale')));
}

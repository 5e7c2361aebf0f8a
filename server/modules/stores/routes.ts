import { clientStore, doorStoreList } from '../../../contract/stores.ts';
import type { CallMounter } from '../../http/calls.ts';
import type { storeService } from './service.ts';

export function storeRoutes(calls: CallMounter, stores: ReturnType<typeof storeService>) {
  calls.mount(doorStoreList, (input) => stores.list(input));
  calls.mount(clientStore, (input) => stores.forProduct(input));
}

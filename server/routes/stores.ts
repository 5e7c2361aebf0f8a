import { clientStore, doorStoreList } from '../../contract/stores.ts';
import { Code } from '../../contract/codes.ts';
import type { CallMounter } from '../http/calls.ts';
import { DomainError } from '../modules/errors.ts';
import type { storeService } from '../modules/stores/service.ts';

/** A position is both coordinates or neither. */
function checkPosition(input: { lat?: number; lng?: number }) {
  if (input.lat !== undefined && input.lng === undefined) throw new DomainError(Code.BAD_REQUEST, 'field.required', { field: 'lng' }, { field: 'lng' });
  if (input.lng !== undefined && input.lat === undefined) throw new DomainError(Code.BAD_REQUEST, 'field.required', { field: 'lat' }, { field: 'lat' });
}

export function storeRoutes(calls: CallMounter, stores: ReturnType<typeof storeService>) {
  calls.mount(doorStoreList, (input) => (checkPosition(input), stores.list(input)));
  calls.mount(clientStore, (input) => (checkPosition(input), stores.forProduct(input)));
}

import { dictionaryInfo } from '../../contract/dictionary.ts';
import type { CallMounter } from '../http/calls.ts';
import type { dictionaryService } from '../modules/dictionary/service.ts';

export function dictionaryRoutes(calls: CallMounter, dictionary: ReturnType<typeof dictionaryService>) {
  calls.mount(dictionaryInfo, ({ dictionaryId }, c) => dictionary.entries(dictionaryId, c.get('locale')));
}

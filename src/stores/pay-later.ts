import { atom } from 'nanostores';
import type { ResponseOf } from '../../contract/call.ts';
import type { payMethodsOffered as offeredCall } from '../../contract/orders.ts';
import { callApi } from '../lib/api.ts';
import { payMethodsOffered } from '../lib/order-endpoints.ts';

/**
 * Whether the shop offers Atome, and from what amount (docs/contracts/running-the-business.md §4):
 * the least amount in sen when it does, null when it does not or could not be asked (then no
 * page says anything of Atome), undefined until known.
 */
export const $atomeMin = atom<number | null | undefined>(undefined);

/** Where a tab keeps pay/methods' answer about Atome, so the pages after the first do not ask again. */
export const ATOME_MIN_KEY = 'servauto.atomeMin';

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type Ask = () => Promise<Pick<ResponseOf<typeof offeredCall>, 'atomeMinSen'>>;

const tabStorage = (): Store | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * What a page knows of Atome's minimum: the tab's earlier answer, else pay/methods' (no login
 * needed), kept for the pages after. A failed call is null (nothing is said of Atome) and is not
 * kept: the next page asks again.
 */
export async function atomeMinimum(ask: Ask, storage: Store | undefined): Promise<number | null> {
  try {
    const saved = JSON.parse(storage?.getItem(ATOME_MIN_KEY) ?? 'false') as unknown;
    if (saved === null || Number.isSafeInteger(saved)) return saved as number | null;
  } catch {
    /* unreadable or blocked: asked again */
  }
  try {
    const { atomeMinSen } = await ask();
    try {
      storage?.setItem(ATOME_MIN_KEY, JSON.stringify(atomeMinSen));
    } catch {
      /* storage full or blocked: the next page asks again */
    }
    return atomeMinSen;
  } catch {
    return null;
  }
}

let learning: Promise<void> | undefined;

/** Learns Atome's minimum once per page, for every price on it. */
export function learnAtome(): Promise<void> {
  learning ??= atomeMinimum(() => callApi(payMethodsOffered, {}, { quiet: true }), tabStorage()).then((min) => $atomeMin.set(min));
  return learning;
}

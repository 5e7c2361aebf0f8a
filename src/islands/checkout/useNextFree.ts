import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { storeNextFree as nextFreeCall } from '../../../contract/store-times.ts';
import { callApi } from '../../lib/api.ts';
import type { OrderLine } from '../../lib/checkout.ts';
import { storeNextFree } from '../../lib/order-endpoints.ts';

export type NextFree = ResponseOf<typeof nextFreeCall>['list'][number];

/**
 * Each listed workshop's first free time for the cart, asked in one call for the workshops
 * shown (the nearest, at most 20); `undefined` while asking, absent when it could not be said.
 */
export function useNextFree(active: boolean, items: OrderLine[], storeIds: string[], variantId = ''): Map<string, NextFree> | undefined {
  const [answer, setAnswer] = useState<Map<string, NextFree> | undefined>(new Map());
  const itemsKey = JSON.stringify(items);
  const idsKey = storeIds.slice(0, 20).join(',');

  useEffect(() => {
    if (!active || !idsKey || itemsKey === '[]') return setAnswer(new Map());
    let live = true;
    setAnswer(undefined);
    callApi(storeNextFree, { items: JSON.parse(itemsKey), storeIds: idsKey.split(','), ...(variantId ? { variantId } : {}) }, { quiet: true }).then(
      (data) => live && setAnswer(new Map(data.list.map((s) => [s.storeId, s]))),
      () => live && setAnswer(new Map()),
    );
    return () => {
      live = false;
    };
  }, [active, itemsKey, idsKey, variantId]);

  return answer;
}

import { startTransition, useEffect, useState } from 'react';
import { callApi } from '../../lib/api.ts';
import { reviewWorkshopRatings } from '../../lib/endpoints.ts';

export interface WorkshopRatingValue {
  count: number;
  average: number;
}

let loading: Promise<Map<string, WorkshopRatingValue>> | null = null;

/** Every workshop's rating, asked once a page (the store finder and the product page's list share it). */
function loadRatings(): Promise<Map<string, WorkshopRatingValue>> {
  loading ??= callApi(reviewWorkshopRatings, {}, { quiet: true })
    .then((list) => new Map(list.map(({ storeId, count, average }) => [storeId, { count, average }])))
    .catch(() => {
      // No ratings is no reason to hide the workshops: the cards show without them, and a later page asks again.
      loading = null;
      return new Map<string, WorkshopRatingValue>();
    });
  return loading;
}

/** The workshops' ratings once the island is awake (an empty map until then). */
export function useWorkshopRatings(hydrated: boolean): Map<string, WorkshopRatingValue> {
  const [ratings, setRatings] = useState<Map<string, WorkshopRatingValue>>(() => new Map());
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    // Drawn in slices: a list of seventy cards must not hold up a tap.
    void loadRatings().then((map) => live && startTransition(() => setRatings(map)));
    return () => {
      live = false;
    };
  }, [hydrated]);
  return ratings;
}

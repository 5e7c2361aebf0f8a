import { useMemo } from 'react';
import type { CityPlace } from '../../lib/places.ts';
import { originOf, type Origin } from '../../lib/whereabouts.ts';
import { $curCity } from '../../stores/business.ts';
import { $whereabouts } from '../../stores/location.ts';
import { useClientStore } from '../ui/useClientStore.ts';

/** Where the workshop lists measure from: null until the page is live, or while the customer has not said. */
export function useOrigin(cities: readonly CityPlace[]): Origin | null {
  const whereabouts = useClientStore($whereabouts, null);
  const city = useClientStore($curCity, null);
  return useMemo(() => originOf(whereabouts, city, cities), [whereabouts, city, cities]);
}

import { $curCity } from './business.ts';
import { isRecord, isText, persistedAtom } from './persisted.ts';

/**
 * Where the customer said they are, remembered on this device like the city: the city chosen
 * in the top bar, their device's location (asked only when they tap "Use my location") or a
 * postcode they typed, placed at its area's centre (content/dictionaries/postcodes.json).
 * The workshop lists measure from it. A device position or postcode keeps the top bar's city
 * of that moment (`withCity`): a city chosen since, in the top bar, wins, without the top bar
 * having to know about any of this.
 */
export type Whereabouts =
  | { source: 'city' }
  | { source: 'device'; lat: number; lng: number; withCity: string | null }
  | { source: 'postcode'; postcode: string; area: string; city?: string; lat: number; lng: number; withCity: string | null };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Math.abs(v) <= 180;

/** A place of the right shape, or null (saved by an older version of the site, or by hand). */
export function parseWhereabouts(saved: unknown): Whereabouts | null {
  if (!isRecord(saved)) return null;
  if (saved.source === 'city') return { source: 'city' };
  const { source, lat, lng, postcode, area, city } = saved;
  if (!isNumber(lat) || !isNumber(lng)) return null;
  const withCity = isText(saved.withCity) ? saved.withCity : null;
  if (source === 'device') return { source, lat, lng, withCity };
  if (source !== 'postcode' || !isText(postcode) || !/^\d{5}$/.test(postcode) || !isText(area)) return null;
  return { source, postcode, area, ...(isText(city) ? { city } : {}), lat, lng, withCity };
}

/** Nothing saved yet: the top bar's city, when one is chosen. */
export const $whereabouts = persistedAtom<Whereabouts | null>('servauto.whereabouts', null, 'local', parseWhereabouts);

/** A city chosen in the lists' own controls becomes the top bar's city and where the customer is. */
export function chooseCity(city: string | null) {
  $curCity.set(city);
  $whereabouts.set(city ? { source: 'city' } : null);
}

/** A device's position is kept to about 100 m: enough to sort workshops, no more. */
export function chooseDevicePosition(lat: number, lng: number) {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  $whereabouts.set({ source: 'device', lat: round(lat), lng: round(lng), withCity: $curCity.get() });
}

export function choosePostcode(place: { postcode: string; area: string; city?: string; lat: number; lng: number }) {
  $whereabouts.set({ source: 'postcode', ...place, withCity: $curCity.get() });
}

/** The workshop of the customer's last order on this device: the checkout ticks it for them next time. */
export const $lastWorkshop = persistedAtom<string | null>('servauto.lastWorkshop', null, 'local', (saved) =>
  isText(saved) && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(saved) && saved.length <= 80 ? saved : null,
);

/** Called once an order with a workshop is placed. */
export function rememberWorkshop(storeId: string) {
  if (storeId) $lastWorkshop.set(storeId);
}

/**
 * Which workshop is near the customer, and which one the checkout may choose for them. Pure:
 * the site and the server both sort and judge with it.
 */

export interface Position {
  lat: number;
  lng: number;
}

/** Only the customer's own choice, or the one obvious workshop, is ever chosen for them: within this many km. */
export const ONLY_ONE_WITHIN_KM = 25;
/** A workshop farther than this asks the customer to confirm before it is chosen. */
export const CONFIRM_BEYOND_KM = 50;

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres (haversine), to 0.1 km. */
export function distanceKm(a: Position, b: Position): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

/**
 * The workshops nearest first, each with its distance from `from`; equally far ones keep the
 * order they came in. Without a position the list keeps its order and no distance.
 */
export function nearestFirst<W extends Position>(workshops: readonly W[], from: Position | null): (W & { distanceKm: number | null })[] {
  if (!from) return workshops.map((w) => ({ ...w, distanceKm: null }));
  return workshops
    .map((w, index) => ({ w: { ...w, distanceKm: distanceKm(from, w) }, index }))
    .sort((a, b) => a.w.distanceKm - b.w.distanceKm || a.index - b.index)
    .map((x) => x.w);
}

/**
 * The workshop the checkout ticks before the customer does: the one they used last time, when
 * it is listed; else the only one within 25 km; else none, so nobody books 400 km away unawares.
 */
export function preselectedWorkshop(listed: readonly { id: string; distanceKm: number | null }[], lastUsedId: string | null): string | null {
  if (lastUsedId && listed.some((w) => w.id === lastUsedId)) return lastUsedId;
  const near = listed.filter((w) => w.distanceKm !== null && w.distanceKm <= ONLY_ONE_WITHIN_KM);
  return near.length === 1 ? near[0]!.id : null;
}

/** Whether choosing a workshop this far away asks the customer to confirm first. */
export function asksToConfirm(distance: number | null): boolean {
  return distance !== null && distance > CONFIRM_BEYOND_KM;
}

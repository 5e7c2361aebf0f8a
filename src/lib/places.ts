/**
 * The cities of the top bar with their centres, read at build time from the same file the
 * server loads (content/dictionaries/city.json, checked there by its schema) and checked here
 * too, since a page measures distances from them.
 */
import type { Locale } from '../../contract/rules/language.ts';
import { findState } from '../../contract/rules/postcode.ts';
import cityFile from '../../content/dictionaries/city.json';

/** A city as the location controls show it, in the page's language. */
export interface CityPlace {
  value: string;
  label: string;
  /** The state, as contract/rules/postcode.ts names it, and as the page's language does. */
  state: string;
  stateLabel: string;
  lat: number;
  lng: number;
}

interface CityEntry {
  value: string;
  group: string;
  label: Record<Locale, string>;
  lat?: unknown;
  lng?: unknown;
}

const inMalaysia = (lat: unknown, lng: unknown) => typeof lat === 'number' && typeof lng === 'number' && lat >= 0.8 && lat <= 7.5 && lng >= 99.5 && lng <= 119.5;

const entries = (cityFile as { entries: CityEntry[] }).entries;
for (const e of entries) {
  if (!inMalaysia(e.lat, e.lng)) throw new Error(`content/dictionaries/city.json: ${e.value} needs "lat" and "lng" in Malaysia`);
  if (!findState(e.group)) throw new Error(`content/dictionaries/city.json: ${e.value} is in "${e.group}", which is not a state`);
}

export function cityPlaces(locale: Locale): CityPlace[] {
  return entries.map((e) => ({ value: e.value, label: e.label[locale], state: e.group, stateLabel: findState(e.group)!.label[locale], lat: e.lat as number, lng: e.lng as number }));
}

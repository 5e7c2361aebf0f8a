import type { Position } from '../../contract/rules/nearest.ts';
import type { Whereabouts } from '../stores/location.ts';
import type { CityPlace } from './places.ts';

/** Where distances are measured from, and how to say it. */
export type Origin = Position & ({ source: 'city'; city: CityPlace } | { source: 'device' } | { source: 'postcode'; postcode: string; area: string });

/**
 * The customer's position: their device's or postcode's when they gave one and have not chosen
 * another city in the top bar since, else the top bar's city; null when neither.
 */
export function originOf(whereabouts: Whereabouts | null, curCity: string | null, cities: readonly CityPlace[]): Origin | null {
  if (whereabouts && whereabouts.source !== 'city' && whereabouts.withCity !== curCity) whereabouts = null;
  if (whereabouts?.source === 'device') return { source: 'device', lat: whereabouts.lat, lng: whereabouts.lng };
  if (whereabouts?.source === 'postcode') {
    // An area that is a city of the menu is named as the menu names it, in the page's language.
    const area = cities.find((c) => c.value === whereabouts.city)?.label ?? whereabouts.area;
    return { source: 'postcode', postcode: whereabouts.postcode, area, lat: whereabouts.lat, lng: whereabouts.lng };
  }
  const city = cities.find((c) => c.value === curCity);
  return city ? { source: 'city', city, lat: city.lat, lng: city.lng } : null;
}

/**
 * "3.2 km"; from 100 km on, whole kilometres ("412 km"). The three languages write decimals alike,
 * with a point. Under 100 m (a workshop at the chosen city's centre), `near`: never "0.0 km".
 */
export function kmWords(km: number, template: string, near: string): string {
  if (km < 0.1) return near;
  return template.replace('{km}', km.toFixed(km >= 100 ? 0 : 1));
}

/**
 * "Petaling Jaya, Selangor"; a town that is its own state (Kuala Lumpur, Putrajaya, Labuan: in
 * Malay "W.P. Kuala Lumpur") is named once.
 */
export function placeWords(template: string, place: { town: string; state: string }): string {
  if (!place.state || place.town === place.state || place.state.endsWith(` ${place.town}`)) return place.town;
  return template.replace('{town}', place.town).replace('{state}', place.state);
}

/** The town and its state as the city menu names them in the page's language (a workshop is in one of its cities). */
export function townAndState(workshop: { city: string; state: string }, cities: readonly CityPlace[]): { town: string; state: string } {
  const city = cities.find((c) => c.value === workshop.city);
  return { town: city?.label ?? workshop.city, state: city?.stateLabel ?? workshop.state };
}


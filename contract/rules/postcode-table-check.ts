import type { PostcodeTable } from './postcode-areas.ts';
import { findState } from './postcode.ts';

/**
 * What is wrong with a table, one line a problem: a key that is not 3 digits, a state that is
 * not one, a prefix none of whose postcodes are in its state's ranges, a centre outside Malaysia.
 */
export function postcodeTableProblems(table: PostcodeTable): string[] {
  const problems: string[] = [];
  for (const [prefix, area] of Object.entries(table)) {
    if (!/^\d{3}$/.test(prefix)) {
      problems.push(`"${prefix}" is not a 3-digit prefix`);
      continue;
    }
    const state = findState(area.state);
    if (!state || state.name !== area.state) {
      problems.push(`${prefix}: "${area.state}" is not a state's name`);
      continue;
    }
    const from = Number(prefix) * 100;
    if (!state.postcodes.some(([low, high]) => low <= from + 99 && from <= high)) problems.push(`${prefix}: no postcode of ${prefix}xx is in ${state.name}`);
    if (!(area.lat >= 0.8 && area.lat <= 7.5 && area.lng >= 99.5 && area.lng <= 119.5)) problems.push(`${prefix}: ${area.lat}, ${area.lng} is not in Malaysia`);
    if (!area.area.trim()) problems.push(`${prefix}: no area name`);
  }
  return problems;
}

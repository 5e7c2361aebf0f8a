import { checkPostcode, findState, normalisePostcode, type PostcodeProblem } from './postcode.ts';

/**
 * Where a postcode is: the content's table (content/dictionaries/postcodes.json) gives each
 * 3-digit prefix the area its post office serves, the state and the area's centre. A customer
 * who types a postcode is placed at that centre. Pure: the table is passed in.
 */
export interface PostcodeArea {
  area: string;
  /** As contract/rules/postcode.ts names it. */
  state: string;
  lat: number;
  lng: number;
  /** The CITY dictionary value when the area is one of its cities (its name is then shown in the page's language). */
  city?: string;
}

export type PostcodeTable = Readonly<Record<string, PostcodeArea>>;

/** Without a state to match, a postcode is missing, malformed or unknown. */
export type PostcodeAreaProblem = Exclude<PostcodeProblem, 'postcode.wrongState'>;

export type PostcodePlace = { ok: true; postcode: string; place: PostcodeArea } | { ok: false; problem: PostcodeAreaProblem };

/** The area of a typed postcode, or the postcode rule's problem with it (a prefix the table lacks is not Malaysian). */
export function areaOfPostcode(table: PostcodeTable, input: string): PostcodePlace {
  const postcode = normalisePostcode(input);
  const problem = checkPostcode(postcode) as PostcodeAreaProblem | null;
  if (problem) return { ok: false, problem };
  const place = table[postcode.slice(0, 3)];
  return place ? { ok: true, postcode, place } : { ok: false, problem: 'postcode.unknown' };
}

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

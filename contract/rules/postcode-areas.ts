import type { PostcodeProblem } from './postcode.ts';

/**
 * Where a postcode is: the content's table (content/dictionaries/postcodes.json) gives each
 * 3-digit prefix the area its post office serves, the state and the area's centre. A customer
 * who types a postcode is placed at that centre. Pure: the table is passed in. The browser
 * runs it, so it reads the table alone; the table is checked against the states' ranges
 * (postcode-table-check.ts) where it is built and tested.
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
  // As normalisePostcode reads it: digits typed with a Chinese keyboard count too.
  const postcode = input.normalize('NFKC').trim();
  if (postcode === '') return { ok: false, problem: 'postcode.required' };
  if (!/^\d{5}$/.test(postcode)) return { ok: false, problem: 'postcode.format' };
  const place = table[postcode.slice(0, 3)];
  return place ? { ok: true, postcode, place } : { ok: false, problem: 'postcode.unknown' };
}

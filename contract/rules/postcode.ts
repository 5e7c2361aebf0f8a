import type { Locale } from './language.ts';

/**
 * Malaysian states and federal territories, and the postcode ranges Pos Malaysia gives
 * each. A mailing address must have a 5-digit postcode in its state's ranges; the state
 * also decides the delivery fee (West or East Malaysia).
 */
export type Region = 'west' | 'east';
export type PostcodeProblem = 'postcode.required' | 'postcode.format' | 'postcode.unknown' | 'postcode.wrongState';

/** The refusal that names where a postcode is: "88300 is in Sabah, not Selangor." */
export const POSTCODE_ELSEWHERE = 'postcode.otherState';

interface StateInfo {
  /** As addresses and the workshop content write it. */
  name: string;
  region: Region;
  label: Record<Locale, string>;
  /** Inclusive ranges of 5-digit postcodes. */
  postcodes: readonly (readonly [number, number])[];
  /** Other ways people write the state. */
  aliases: readonly string[];
}

export const malaysianStates = [
  { name: 'Johor', region: 'west', label: { en: 'Johor', 'zh-cn': '柔佛', ms: 'Johor' }, postcodes: [[79000, 86900]], aliases: ['Johore'] },
  { name: 'Kedah', region: 'west', label: { en: 'Kedah', 'zh-cn': '吉打', ms: 'Kedah' }, postcodes: [[5000, 9810]], aliases: [] },
  { name: 'Kelantan', region: 'west', label: { en: 'Kelantan', 'zh-cn': '吉兰丹', ms: 'Kelantan' }, postcodes: [[15000, 18500]], aliases: [] },
  { name: 'Melaka', region: 'west', label: { en: 'Melaka', 'zh-cn': '马六甲', ms: 'Melaka' }, postcodes: [[75000, 78309]], aliases: ['Malacca'] },
  {
    name: 'Negeri Sembilan',
    region: 'west',
    label: { en: 'Negeri Sembilan', 'zh-cn': '森美兰', ms: 'Negeri Sembilan' },
    postcodes: [[70000, 73509]],
    aliases: ['Negri Sembilan', 'N. Sembilan', 'N9'],
  },
  {
    name: 'Pahang',
    region: 'west',
    label: { en: 'Pahang', 'zh-cn': '彭亨', ms: 'Pahang' },
    // Cameron Highlands (39xxx), Fraser's Hill (49000) and Genting Highlands (69000) sit outside the 25–28 block.
    postcodes: [[25000, 28800], [39000, 39200], [49000, 49000], [69000, 69000]],
    aliases: [],
  },
  { name: 'Perak', region: 'west', label: { en: 'Perak', 'zh-cn': '霹雳', ms: 'Perak' }, postcodes: [[30000, 36810]], aliases: [] },
  { name: 'Perlis', region: 'west', label: { en: 'Perlis', 'zh-cn': '玻璃市', ms: 'Perlis' }, postcodes: [[1000, 2800]], aliases: [] },
  {
    name: 'Pulau Pinang',
    region: 'west',
    label: { en: 'Penang', 'zh-cn': '槟城', ms: 'Pulau Pinang' },
    postcodes: [[10000, 14400]],
    aliases: ['Penang', 'P. Pinang'],
  },
  {
    name: 'Selangor',
    region: 'west',
    label: { en: 'Selangor', 'zh-cn': '雪兰莪', ms: 'Selangor' },
    // Parts of Selangor next to Kuala Lumpur (Cheras, Taman Melawati, Bandar Sri Damansara, Pandan Indah) are served from KL post offices.
    postcodes: [[40000, 48300], [50000, 60000], [63000, 68100]],
    aliases: [],
  },
  { name: 'Terengganu', region: 'west', label: { en: 'Terengganu', 'zh-cn': '登嘉楼', ms: 'Terengganu' }, postcodes: [[20000, 24300]], aliases: ['Trengganu'] },
  {
    name: 'Wilayah Persekutuan Kuala Lumpur',
    region: 'west',
    label: { en: 'Kuala Lumpur', 'zh-cn': '吉隆坡', ms: 'W.P. Kuala Lumpur' },
    // 68100: Taman Wahyu and the wholesale market, inside KL but on a Selangor number.
    postcodes: [[50000, 60000], [68100, 68100]],
    aliases: ['Kuala Lumpur', 'KL', 'WP Kuala Lumpur', 'W.P. Kuala Lumpur', 'Federal Territory of Kuala Lumpur'],
  },
  {
    name: 'Wilayah Persekutuan Putrajaya',
    region: 'west',
    label: { en: 'Putrajaya', 'zh-cn': '布城', ms: 'W.P. Putrajaya' },
    postcodes: [[62000, 62988]],
    aliases: ['Putrajaya', 'WP Putrajaya', 'W.P. Putrajaya', 'Federal Territory of Putrajaya'],
  },
  { name: 'Sabah', region: 'east', label: { en: 'Sabah', 'zh-cn': '沙巴', ms: 'Sabah' }, postcodes: [[88000, 91309]], aliases: [] },
  { name: 'Sarawak', region: 'east', label: { en: 'Sarawak', 'zh-cn': '砂拉越', ms: 'Sarawak' }, postcodes: [[93000, 98859]], aliases: [] },
  {
    name: 'Wilayah Persekutuan Labuan',
    region: 'east',
    label: { en: 'Labuan', 'zh-cn': '纳闽', ms: 'W.P. Labuan' },
    postcodes: [[87000, 87033]],
    aliases: ['Labuan', 'WP Labuan', 'W.P. Labuan', 'Federal Territory of Labuan'],
  },
] as const satisfies readonly StateInfo[];

export type StateName = (typeof malaysianStates)[number]['name'];
export type MalaysianState = (typeof malaysianStates)[number];

const simplify = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/**
 * Every way of naming a state, made on first use: a module with no work at its top level is left
 * out of a page's bundle by whatever imports it without calling it (the shared messages do).
 */
let byName: Map<string, MalaysianState> | undefined;
function statesByName(): Map<string, MalaysianState> {
  if (!byName) {
    byName = new Map();
    for (const state of malaysianStates) {
      for (const name of [state.name, ...state.aliases, ...Object.values(state.label)]) byName.set(simplify(name), state);
    }
  }
  return byName;
}

/** The state named by `input` (its name, a common alias or its label in any language, any case), or undefined. */
export function findState(input: string): MalaysianState | undefined {
  const key = simplify(input);
  return key ? statesByName().get(key) : undefined;
}

/** Digits typed with a Chinese keyboard count too; spaces around are ignored. */
export function normalisePostcode(input: string): string {
  return input.normalize('NFKC').trim();
}

/** The states whose ranges hold `postcode` (more than one where post offices serve across a border). */
export function statesOfPostcode(postcode: string): MalaysianState[] {
  const code = normalisePostcode(postcode);
  if (!/^\d{5}$/.test(code)) return [];
  const n = Number(code);
  return malaysianStates.filter((s) => s.postcodes.some(([from, to]) => from <= n && n <= to));
}

/** Whether `postcode` is a Malaysian postcode and, when a state is given, one of that state's. */
export function checkPostcode(postcode: string, state?: string): PostcodeProblem | null {
  const code = normalisePostcode(postcode);
  if (code === '') return 'postcode.required';
  if (!/^\d{5}$/.test(code)) return 'postcode.format';
  const states = statesOfPostcode(code);
  if (states.length === 0) return 'postcode.unknown';
  if (state === undefined) return null;
  const chosen = findState(state);
  return chosen && states.includes(chosen) ? null : 'postcode.wrongState';
}

/**
 * Where `postcode` is when it lies outside `state`: the postcode, the states whose ranges hold it
 * and the state chosen, by their names, so a refusal can say "88300 is in Sabah, not Selangor.".
 * Null when the postcode is in the state, or either is not known (the plain refusal says so).
 */
export function postcodeElsewhere(postcode: string, state: string): { postcode: string; postcodeState: string; state: StateName } | null {
  const code = normalisePostcode(postcode);
  const chosen = findState(state);
  const states = statesOfPostcode(code);
  if (!chosen || states.length === 0 || states.includes(chosen)) return null;
  return { postcode: code, postcodeState: states.map((s) => s.name).join(STATES_JOINED), state: chosen.name };
}

/** Between the states one postcode belongs to ("Selangor / Kuala Lumpur"): the same in every language. */
const STATES_JOINED = ' / ';

/** A state's name, or several joined as postcodeElsewhere joins them, as `locale` writes them. */
export function stateWords(names: string, locale: Locale): string {
  return names
    .split(STATES_JOINED)
    .map((name) => findState(name)?.label[locale] ?? name)
    .join(STATES_JOINED);
}

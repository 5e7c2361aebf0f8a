import { map } from 'nanostores';
import type { Line, LineOptions } from '../../contract/line.ts';

/**
 * What the customer chose on each product page (quantity, tyre size, oil, tint shades, wiper
 * lengths), by product id, kept for this tab so the Order button, the confirm page and a
 * later cart read the same choice. The server checks and prices it again every time.
 */
export interface ProductChoice {
  quantity: number;
  options: LineOptions;
}

const KEY = 'servauto.productChoice';
const EMPTY: ProductChoice = { quantity: 1, options: {} };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** The options of docs/contracts/orders.md §2, when `v` has their shape; anything else is dropped. */
export function parseOptions(v: unknown): LineOptions | null {
  if (!isRecord(v)) return null;
  const options: LineOptions = {};
  for (const [name, value] of Object.entries(v)) {
    if (name === 'oilId' && typeof value === 'string' && /^[a-z0-9.:-]{1,80}$/.test(value)) options.oilId = value;
    else if (name === 'tyreSize' && typeof value === 'string' && /^\d{3}\/\d{2}Z?R\d{2}$/.test(value)) options.tyreSize = value;
    else if (name === 'wiper' && isRecord(value) && whole(value.driverInch, 8, 32) && whole(value.passengerInch, 8, 32)) {
      const { driverInch, passengerInch, rearInch } = value;
      if (rearInch !== undefined && !whole(rearInch, 8, 32)) return null;
      options.wiper = rearInch === undefined ? { driverInch, passengerInch } : { driverInch, passengerInch, rearInch };
    } else if (name === 'tint' && isRecord(value) && whole(value.frontPct, 5, 90) && whole(value.rearWindscreenPct, 5, 90) && whole(value.sideWindowsPct, 5, 90)) {
      options.tint = { frontPct: value.frontPct, rearWindscreenPct: value.rearWindscreenPct, sideWindowsPct: value.sideWindowsPct };
    } else return null;
  }
  return options;
}

function parseChoices(v: unknown): Record<string, ProductChoice> {
  const choices: Record<string, ProductChoice> = {};
  if (!isRecord(v)) return choices;
  for (const [id, choice] of Object.entries(v)) {
    if (!isRecord(choice) || !whole(choice.quantity, 1, 4)) continue;
    const options = parseOptions(choice.options);
    if (options) choices[id] = { quantity: choice.quantity, options };
  }
  return choices;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function saved(): Record<string, ProductChoice> {
  try {
    return parseChoices(JSON.parse(storage()?.getItem(KEY) ?? 'null'));
  } catch {
    return {};
  }
}

export const $productChoices = map<Record<string, ProductChoice>>(saved());
$productChoices.listen((choices) => {
  try {
    storage()?.setItem(KEY, JSON.stringify(choices));
  } catch {
    /* storage full or blocked: the choice still lives for this page */
  }
});

export const choiceOf = (productId: string): ProductChoice => $productChoices.get()[productId] ?? EMPTY;

export function chooseQuantity(productId: string, quantity: number) {
  $productChoices.setKey(productId, { ...choiceOf(productId), quantity });
}

/** Sets (or, with undefined, forgets) one option; the others stay. */
export function chooseOption<K extends keyof LineOptions>(productId: string, name: K, value: LineOptions[K] | undefined) {
  const { quantity, options } = choiceOf(productId);
  const next = { ...options };
  if (value === undefined) delete next[name];
  else next[name] = value;
  $productChoices.setKey(productId, { quantity, options: next });
}

/** Forgets choices the server refused (e.g. a tyre size of the car chosen before). */
export function forgetOptions(productId: string) {
  $productChoices.setKey(productId, { ...choiceOf(productId), options: {} });
}

/** The query of the confirm page for one line: id, quantity, and the options as JSON. */
export function lineQuery(line: Line): string {
  const query = new URLSearchParams({ id: line.productId, quantity: String(line.quantity) });
  if (line.options && Object.keys(line.options).length) query.set('options', JSON.stringify(line.options));
  return query.toString();
}

/** The line a confirm page was opened with, or null when its query is not one. */
export function lineFromQuery(search: string): Line | null {
  const query = new URLSearchParams(search);
  const productId = query.get('id') ?? '';
  const quantity = Number(query.get('quantity') ?? '1');
  if (!/^[a-z0-9.:-]{1,80}$/.test(productId) || !whole(quantity, 1, 4)) return null;
  let options: LineOptions | null = {};
  try {
    const raw = query.get('options');
    if (raw) options = parseOptions(JSON.parse(raw));
  } catch {
    return null;
  }
  return options ? { productId, quantity, options } : null;
}

/**
 * A line's choices in words, one rule wherever an order is shown: the checkout, the receipt,
 * My Orders and the console. "Tyre size: 175/65R14", "Blade lengths: Driver (long) 24″,
 * Passenger (short) 14″", "Tint transmittance: Front windscreen 70%, …", "Engine oil: Shell
 * Helix HX8 0W-20". The words are messages (`lineWords.*` in rules/messages/), so each
 * language has them once; the caller looks them up (the server with `message`, the site with
 * the texts its page carries).
 */

/** The message keys the words are made of. */
export const LINE_WORD_KEYS = [
  'lineWords.tyreSize',
  'lineWords.wiper',
  'lineWords.wiperDriver',
  'lineWords.wiperPassenger',
  'lineWords.wiperRear',
  'lineWords.tint',
  'lineWords.tintFront',
  'lineWords.tintSide',
  'lineWords.tintRear',
  'lineWords.oil',
  'lineWords.and',
] as const;
export type LineWordKey = (typeof LINE_WORD_KEYS)[number];

/** A message in the reader's language with its `{name}` placeholders filled in. */
export type LineWordText = (key: LineWordKey, params?: Record<string, string | number>) => string;

/** The choices a line carries (contract/line.ts `LineOptions`). */
export interface LineChoices {
  tyreSize?: string;
  wiper?: { driverInch: number; passengerInch: number; rearInch?: number };
  tint?: { frontPct: number; sideWindowsPct: number; rearWindscreenPct: number };
  oilId?: string;
}

/**
 * One entry per choice: tyre size, blades, tint, then the engine oil, named `oilName` (its id
 * when the name is not known, rather than left out).
 */
export function lineWords(options: LineChoices | undefined, text: LineWordText, oilName?: string | null): string[] {
  if (!options) return [];
  const and = (parts: string[]) => parts.join(text('lineWords.and'));
  const out: string[] = [];
  if (options.tyreSize) out.push(text('lineWords.tyreSize', { size: options.tyreSize }));
  if (options.wiper) {
    const { driverInch, passengerInch, rearInch } = options.wiper;
    const blades = [text('lineWords.wiperDriver', { inch: driverInch }), text('lineWords.wiperPassenger', { inch: passengerInch })];
    if (rearInch !== undefined) blades.push(text('lineWords.wiperRear', { inch: rearInch }));
    out.push(text('lineWords.wiper', { blades: and(blades) }));
  }
  if (options.tint) {
    const { frontPct, sideWindowsPct, rearWindscreenPct } = options.tint;
    const shades = [text('lineWords.tintFront', { pct: frontPct }), text('lineWords.tintSide', { pct: sideWindowsPct }), text('lineWords.tintRear', { pct: rearWindscreenPct })];
    out.push(text('lineWords.tint', { shades: and(shades) }));
  }
  if (options.oilId) out.push(text('lineWords.oil', { name: oilName ?? options.oilId }));
  return out;
}

import type { LineWordKey } from './line-word-keys.ts';

/**
 * A line's choices in words, one rule wherever an order is shown: the checkout, the receipt,
 * My Orders and the console. "Tyre size: 175/65R14", "Blade lengths: Driver (long) 24″,
 * Passenger (short) 14″", "Tint transmittance: Front windscreen 70%, …", "Engine oil: Shell
 * Helix HX8 0W-20". The words are messages (`lineWords.*` in rules/messages/), so each
 * language has them once; the caller looks them up (the server with `message`, the site with
 * the texts its page carries).
 */

/** A message in the reader's language with its `{name}` placeholders filled in. */
export type LineWordText = (key: LineWordKey, params?: Record<string, string | number>) => string;

/** The choices a line carries (contract/line.ts `LineOptions`). */
export interface LineChoices {
  tyreSize?: string;
  wiper?: { driverInch: number; passengerInch: number; rearInch?: number };
  tint?: { frontPct: number; sideWindowsPct: number; rearWindscreenPct: number };
  oilId?: string;
}

type Name = LineWordKey extends `lineWords.${infer N}` ? N : never;

/**
 * One entry per choice: tyre size, blades, tint, then the engine oil, named `oilName` (its id
 * when the name is not known, rather than left out).
 */
export function lineWords(options: LineChoices | undefined, text: LineWordText, oilName?: string | null): string[] {
  if (!options) return [];
  const { tyreSize, wiper, tint, oilId } = options;
  const w = (name: Name, params?: Record<string, string | number>) => text(`lineWords.${name}`, params);
  // "Label: part, part", each part its message with its value (`param`); a part without one is left out.
  const listed = (name: Name, param: string, parts: [Name, number | undefined][]) =>
    w(name, { list: parts.flatMap(([part, value]) => (value === undefined ? [] : [w(part, { [param]: value })])).join(w('and')) });
  const words = [
    tyreSize && w('tyreSize', { size: tyreSize }),
    wiper && listed('wiper', 'inch', [['wiperDriver', wiper.driverInch], ['wiperPassenger', wiper.passengerInch], ['wiperRear', wiper.rearInch]]),
    tint && listed('tint', 'pct', [['tintFront', tint.frontPct], ['tintSide', tint.sideWindowsPct], ['tintRear', tint.rearWindscreenPct]]),
    oilId && w('oil', { name: oilName ?? oilId }),
  ];
  return words.filter((line): line is string => !!line);
}

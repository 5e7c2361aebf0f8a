/**
 * The message keys a line's choices are written with (rules/line-words.ts), apart from the
 * rule so the site's page texts can list them without loading it into every page's script.
 */
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

/**
 * A fitted tyre as the customer reads it under its line (order, invoice, garage): its DOT date
 * code, then the server's words in the page's language, "DOT 3225 · Made in week 32 of 2025
 * (15 months old when fitted)". Apart from lib/tyres.ts, so these pages load nothing else.
 */
export const fittedTyreText = (t: { dot: string; words: string }) => `DOT ${t.dot} · ${t.words}`;

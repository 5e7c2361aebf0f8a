import type { Glossary, Style } from './term.ts';

/**
 * Malay: "dihantar" alone reads as delivered, so what the courier has is "dipos"; a bay is a
 * "ruang servis" ("petak" is a parking lot's square).
 */
export const glossary: Glossary = {
  workshop: { means: 'a partner workshop that fits, and hands over, what customers buy', use: 'bengkel', avoid: ['woksyop', 'kedai servis', 'cawangan'] },
  pickupCode: { means: 'the 6-digit code a customer shows to collect an order', use: 'kod ambil', avoid: ['kod pengambilan', 'kod kutipan', 'kod ambil sendiri'] },
  bay: { means: 'one place in a workshop where one car is worked on', use: 'ruang servis', avoid: ['petak'] },
  postcode: { means: 'the 5-digit Malaysian postcode of an address', use: 'poskod', avoid: ['kod pos'] },
  /** "Dihantar" stays for what is sent (a code, a request); an order the courier has is "dipos". */
  shipped: { means: 'handed to the courier, not yet received', use: 'dipos', avoid: ['untuk dihantar', 'dihantar melalui', 'dihantar dengan', 'dihantar oleh'] },
  /** "Wiper" alone is the loanword a checklist may use; the product is a "bilah pengelap". */
  wiper: { means: 'a windscreen wiper blade', use: 'bilah pengelap', avoid: ['bilah wiper', 'pengelap cermin'] },
  labour: { means: 'the fitting work a price or an invoice charges for', use: 'upah', avoid: ['kos buruh', 'caj buruh', 'yuran pemasangan'] },
};

/** Malay typography as the shop's texts follow it. */
export const style: readonly Style[] = [
  { means: 'a percentage without a space', use: '8%', avoid: /\d\s+%/u },
  // Years, codes, plates, names ("Syntium 3000") and examples ("e.g. 3225", "“1226”") keep their digits together.
  { means: 'thousands separated by a comma', use: '1,000', avoid: /(?<!(?:e\.g\.|cth\.|Cth\.)\s?)(?<![\w.,/"“-]|\d |[A-Z][A-Za-z]* )(?!(?:1[89]|20)\d\d(?!\d))\d{4,}(?![\w-])/u },
  { means: 'an ellipsis is one character', use: '…', avoid: /(?<!\.)\.\.(?![./])/u },
  { means: 'a discount says potongan before the amount', use: 'potongan RM 15', avoid: /RM\s?[\d.,]+\s+potongan/iu },
];

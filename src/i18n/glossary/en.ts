import type { Glossary, Style } from './term.ts';

/** English: the words of src/i18n/en.ts and contract/rules/messages/en.ts. */
export const glossary: Glossary = {
  workshop: { means: 'a partner workshop that fits, and hands over, what customers buy', use: 'workshop', avoid: ['outlet', 'service centre', 'branch'] },
  pickupCode: { means: 'the 6-digit code a customer shows to collect an order', use: 'pickup code', avoid: ['collection code', 'pick-up code', 'self-pickup code'] },
  bay: { means: 'one place in a workshop where one car is worked on', use: 'bay', avoid: ['service lot', 'work lot'] },
  shipped: { means: 'handed to the courier, not yet received', use: 'shipped', avoid: ['dispatched'] },
  postcode: { means: 'the 5-digit Malaysian postcode of an address', use: 'postcode', avoid: ['postal code', 'zip code', 'zipcode'] },
  tyre: { means: 'a tyre (British spelling, as Malaysia writes it)', use: 'tyre', avoid: ['tire', 'tires'] },
  wiper: { means: 'a windscreen wiper blade', use: 'wiper', avoid: ['windshield wiper', 'windshield'] },
  labour: { means: 'the fitting work a price or an invoice charges for', use: 'labour', avoid: ['labor', 'fitting fee', 'workmanship fee'] },
};

/** English typography as the shop's texts follow it. */
export const style: readonly Style[] = [
  { means: 'a percentage without a space', use: '8%', avoid: /\d\s+%/u },
  // Years, codes, plates, names ("Syntium 3000") and examples ("e.g. 3225", "“1226”") keep their digits together.
  { means: 'thousands separated by a comma', use: '1,000', avoid: /(?<!(?:e\.g\.|cth\.|Cth\.)\s?)(?<![\w.,/"“-]|\d |[A-Z][A-Za-z]* )(?!(?:1[89]|20)\d\d(?!\d))\d{4,}(?![\w-])/u },
  { means: 'an ellipsis is one character', use: '…', avoid: /(?<!\.)\.\.(?![./])/u },
];

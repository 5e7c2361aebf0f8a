import type { Glossary } from './term.ts';

/** English: the words of src/i18n/en.ts and contract/rules/messages/en.ts. */
export const glossary: Glossary = {
  workshop: { means: 'a partner workshop that fits, and hands over, what customers buy', use: 'workshop', avoid: ['outlet', 'service centre', 'branch'] },
  pickupCode: { means: 'the 6-digit code a customer shows to collect an order', use: 'pickup code', avoid: ['collection code', 'pick-up code', 'self-pickup code'] },
  bay: { means: 'one place in a workshop where one car is worked on', use: 'bay', avoid: ['service lot', 'work lot'] },
  shipped: { means: 'handed to the courier, not yet received', use: 'shipped', avoid: ['dispatched'] },
  postcode: { means: 'the 5-digit Malaysian postcode of an address', use: 'postcode', avoid: ['postal code', 'zip code', 'zipcode'] },
  tyre: { means: 'a tyre (British spelling, as Malaysia writes it)', use: 'tyre', avoid: ['tire', 'tires'] },
};

import type { Glossary } from './term.ts';

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
};

/** The policies of docs/contracts/shop.md §2's /agreement?id=…, and the prerendered path each also has. */
export const policies = [
  { id: 'PRIVACYPOLICY', folder: 'privacy', slug: 'privacy-policy' },
  { id: 'RETURNPOLICY', folder: 'return', slug: 'return-policy' },
  { id: 'Terms', folder: 'terms', slug: 'terms' },
] as const;
export type Policy = (typeof policies)[number];

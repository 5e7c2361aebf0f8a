/**
 * The API paths (docs/contracts/shop.md §7), written once, apart from their schemas. They are kept in four files,
 * one per group of pages, because a bundler keeps a module whole: a page that imports one file's
 * constants carries all of that file's paths and no others. The schemas in the other contract
 * files (and so the server) use the same constants through `paths`.
 */
import * as shop from './paths/shop.ts';
import * as orders from './paths/orders.ts';
import * as consoleCalls from './paths/console.ts';
import * as account from './paths/account.ts';

export * from './paths/shop.ts';
export * from './paths/orders.ts';
export * from './paths/console.ts';
export * from './paths/account.ts';

/** Every path by call name. */
export const paths = { ...shop, ...orders, ...consoleCalls, ...account } as const;

import { describe } from 'vitest';

/**
 * For tests whose servers and commands open a PGlite folder of their own whatever DATABASE_URL
 * says (a crash and restart on one folder, its lock, `npm run staff`): the run on PostgreSQL
 * would repeat them unchanged, so they run once, in the PGlite run.
 */
export const pgliteOnly = describe.skipIf(Boolean(process.env.DATABASE_URL));

import { defineConfig } from 'drizzle-kit';

/** The doubles' tables and their own migrations (`npm run db:generate:doubles`), apart from the shop's. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './dev/doubles/schema.ts',
  out: './dev/doubles/migrations',
});

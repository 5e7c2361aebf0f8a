/** The doubles' own tables, for their migrations (dev/doubles/migrations/): none of them is the shop's. */
export * from './sandbox/schema.ts';
export * from './curlec/schema.ts';
export * from './myinvois/schema.ts';

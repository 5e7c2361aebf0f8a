/** The MyInvois client: see client/ for its parts. */
export { createMyInvoisClient, validationUrl, type MyInvoisClient, type MyInvoisClientConfig } from './client/client.ts';
export { batches, SUBMISSION_LIMITS } from './client/batches.ts';
export type * from './client/types.ts';

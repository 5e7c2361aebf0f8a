export { createMyInvoisDouble, type MyInvoisDouble } from './app.ts';
export { startMyInvoisDouble, inProcessFetch, type RunningDouble } from './runner.ts';
export { signaturePartsPresent } from './signature-presence.ts';
export type { DoubleClient, MyInvoisDoubleOptions, SignatureCheck, SignatureVerifier } from './options.ts';

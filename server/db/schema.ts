/** Every table, for the migrations and the typed client. */
export * from './settings.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/home/schema.ts';
export * from '../modules/dictionary/schema.ts';
export * from '../modules/vehicles/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/stores/schema.ts';
export * from '../providers/payment/sandbox/schema.ts';

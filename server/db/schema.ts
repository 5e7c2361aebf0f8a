/** Every table, for the migrations and the typed client. */
export * from './settings.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/home/schema.ts';
export * from '../modules/dictionary/schema.ts';
export * from '../modules/vehicles/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/stores/schema.ts';
export * from '../providers/payment/sandbox/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/booking/schema.ts';
export * from '../modules/coupons/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../jobs/schema.ts';
export * from '../modules/refunds/schema.ts';
export * from '../storage/schema.ts';
export * from '../modules/staff/schema.ts';
export * from '../modules/audit/schema.ts';

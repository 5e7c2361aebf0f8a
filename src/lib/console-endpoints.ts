import type * as staff from '../../contract/console.ts';
import { endpoint } from './endpoints.ts';

/** The operations console's calls (see endpoints.ts). */
export const consoleOrdersPage = endpoint<typeof staff.consoleOrdersPage>('/console/orders/page');
export const consoleOrdersFind = endpoint<typeof staff.consoleOrdersFind>('/console/orders/find');
export const consoleOrdersStart = endpoint<typeof staff.consoleOrdersStart>('/console/orders/start');
export const consoleOrdersComplete = endpoint<typeof staff.consoleOrdersComplete>('/console/orders/complete');
export const consoleOrdersReady = endpoint<typeof staff.consoleOrdersReady>('/console/orders/ready');
export const consoleOrdersShip = endpoint<typeof staff.consoleOrdersShip>('/console/orders/ship');
export const consoleRefundsReview = endpoint<typeof staff.consoleRefundsReview>('/console/refunds/review');
export const consoleRefundsPage = endpoint<typeof staff.consoleRefundsPage>('/console/refunds/page');
export const consoleStoresClosure = endpoint<typeof staff.consoleStoresClosure>('/console/stores/closure');
export const consoleStoresList = endpoint<typeof staff.consoleStoresList>('/console/stores/list');
export const consoleDashboard = endpoint<typeof staff.consoleDashboard>('/console/dashboard');

import type * as staff from '../../contract/console.ts';
import type * as refunds from '../../contract/console-refunds.ts';
import type * as stores from '../../contract/console-stores.ts';
import type * as dashboard from '../../contract/console-dashboard.ts';
import type * as consoleReviews from '../../contract/console-reviews.ts';
import { endpoint } from './endpoints.ts';
import * as paths from '../../contract/paths/console.ts';

/** The operations console's calls (see endpoints.ts). */
export const consoleOrdersPage = endpoint<typeof staff.consoleOrdersPage>(paths.consoleOrdersPage);
export const consoleOrdersFind = endpoint<typeof staff.consoleOrdersFind>(paths.consoleOrdersFind);
export const consoleOrdersStart = endpoint<typeof staff.consoleOrdersStart>(paths.consoleOrdersStart);
export const consoleOrdersComplete = endpoint<typeof staff.consoleOrdersComplete>(paths.consoleOrdersComplete);
export const consoleOrdersReady = endpoint<typeof staff.consoleOrdersReady>(paths.consoleOrdersReady);
export const consoleOrdersShip = endpoint<typeof staff.consoleOrdersShip>(paths.consoleOrdersShip);
export const consoleRefundsReview = endpoint<typeof refunds.consoleRefundsReview>(paths.consoleRefundsReview);
export const consoleRefundsRetry = endpoint<typeof refunds.consoleRefundsRetry>(paths.consoleRefundsRetry);
export const consoleRefundsManual = endpoint<typeof refunds.consoleRefundsManual>(paths.consoleRefundsManual);
export const consoleRefundsAttention = endpoint<typeof refunds.consoleRefundsAttention>(paths.consoleRefundsAttention);
export const consoleRefundsPage = endpoint<typeof refunds.consoleRefundsPage>(paths.consoleRefundsPage);
export const consoleStoresClosure = endpoint<typeof stores.consoleStoresClosure>(paths.consoleStoresClosure);
export const consoleStoresBookings = endpoint<typeof stores.consoleStoresBookings>(paths.consoleStoresBookings);
export const consoleStoresList = endpoint<typeof stores.consoleStoresList>(paths.consoleStoresList);
export const consoleDashboard = endpoint<typeof dashboard.consoleDashboard>(paths.consoleDashboard);
export const consoleReviewsPage = endpoint<typeof consoleReviews.consoleReviewsPage>(paths.consoleReviewsPage);
export const consoleReviewsHide = endpoint<typeof consoleReviews.consoleReviewsHide>(paths.consoleReviewsHide);
export const consoleReviewsShow = endpoint<typeof consoleReviews.consoleReviewsShow>(paths.consoleReviewsShow);
export const consoleReviewsReply = endpoint<typeof consoleReviews.consoleReviewsReply>(paths.consoleReviewsReply);

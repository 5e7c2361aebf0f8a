import type * as staff from '../../contract/console.ts';
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
export const consoleRefundsReview = endpoint<typeof staff.consoleRefundsReview>(paths.consoleRefundsReview);
export const consoleRefundsRetry = endpoint<typeof staff.consoleRefundsRetry>(paths.consoleRefundsRetry);
export const consoleRefundsManual = endpoint<typeof staff.consoleRefundsManual>(paths.consoleRefundsManual);
export const consoleRefundsAttention = endpoint<typeof staff.consoleRefundsAttention>(paths.consoleRefundsAttention);
export const consoleRefundsPage = endpoint<typeof staff.consoleRefundsPage>(paths.consoleRefundsPage);
export const consoleStoresClosure = endpoint<typeof staff.consoleStoresClosure>(paths.consoleStoresClosure);
export const consoleStoresBookings = endpoint<typeof staff.consoleStoresBookings>(paths.consoleStoresBookings);
export const consoleStoresList = endpoint<typeof staff.consoleStoresList>(paths.consoleStoresList);
export const consoleDashboard = endpoint<typeof staff.consoleDashboard>(paths.consoleDashboard);
export const consoleReviewsPage = endpoint<typeof consoleReviews.consoleReviewsPage>(paths.consoleReviewsPage);
export const consoleReviewsHide = endpoint<typeof consoleReviews.consoleReviewsHide>(paths.consoleReviewsHide);
export const consoleReviewsShow = endpoint<typeof consoleReviews.consoleReviewsShow>(paths.consoleReviewsShow);
export const consoleReviewsReply = endpoint<typeof consoleReviews.consoleReviewsReply>(paths.consoleReviewsReply);

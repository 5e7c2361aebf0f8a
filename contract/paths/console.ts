/** The operations console's calls. */

// Operations console (orders.md §4).
export const consoleOrdersPage = '/console/orders/page';
export const consoleOrdersFind = '/console/orders/find';
export const consoleOrdersStart = '/console/orders/start';
export const consoleOrdersComplete = '/console/orders/complete';
export const consoleOrdersReady = '/console/orders/ready';
export const consoleOrdersShip = '/console/orders/ship';
export const consoleRefundsReview = '/console/refunds/review';
export const consoleRefundsPage = '/console/refunds/page';
export const consoleRefundsRetry = '/console/refunds/retry';
export const consoleRefundsManual = '/console/refunds/manual';
export const consoleRefundsAttention = '/console/refunds/attention';
export const consoleStoresClosure = '/console/stores/closure';
export const consoleStoresList = '/console/stores/list';
export const consoleStoresBookings = '/console/stores/bookings';
export const consoleDashboard = '/console/dashboard';
export const consoleReviewsPage = '/console/reviews/page';
export const consoleReviewsHide = '/console/reviews/hide';
export const consoleReviewsShow = '/console/reviews/show';
export const consoleReviewsReply = '/console/reviews/reply';
export const consoleEinvoicePage = '/console/einvoice/page';
export const consoleEinvoiceRetry = '/console/einvoice/retry';
export const consoleEinvoiceConsolidate = '/console/einvoice/consolidate';
export const consoleEinvoiceHistory = '/console/einvoice/history';
export const consoleContentStatus = '/console/content/status';

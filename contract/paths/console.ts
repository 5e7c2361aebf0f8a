/** The operations console's calls. */

// Operations console (docs/contracts/orders.md §4).
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
export const consoleWarrantyPage = '/console/warranty/page';
export const consoleWarrantyAccept = '/console/warranty/accept';
export const consoleWarrantyReject = '/console/warranty/reject';
export const consoleWarrantyRefund = '/console/warranty/refund';
export const consoleWarrantyResolve = '/console/warranty/resolve';
// Stock (docs/contracts/running-the-business.md §1).
export const consoleStockPage = '/console/stock/page';
export const consoleStockReceive = '/console/stock/receive';
export const consoleStockAdjust = '/console/stock/adjust';
export const consoleStockTransfer = '/console/stock/transfer';
export const consoleStockImport = '/console/stock/import';
export const consoleStockHistory = '/console/stock/history';
export const consoleStockAttention = '/console/stock/attention';
export const consoleStockProducts = '/console/stock/products';
// Fitting at the customer's place (docs/contracts/running-the-business.md §2): the technician's day.
export const consoleMobileDay = '/console/mobile/day';
export const consoleMobileOnTheWay = '/console/mobile/on-the-way';
export const consoleMobileMissed = '/console/mobile/missed';

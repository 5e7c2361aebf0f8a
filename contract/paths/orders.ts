/** The checkout's, payment's and My Orders' calls. */

// Orders (docs/contracts/orders.md §2).
export const storeSlots = '/app/order/vehicle/store/slots';
/** Fitting at the customer's place (docs/contracts/running-the-business.md §2): a van's two-hour windows for a postcode and a cart. */
export const storeMobileWindows = '/store/mobile/windows';
export const storeNextFree = '/app/order/vehicle/store/next-free';
export const couponClientGet = '/app/order/vehicle/coupon/client-get';
export const cartQuote = '/app/order/vehicle/cart/quote';
export const orderAdd = '/app/order/vehicle/order/app/add';
export const orderPay = '/app/order/vehicle/order/app/pay';
export const orderPayStatus = '/app/order/vehicle/order/update/pay/status';
export const orderFind = '/app/order/vehicle/order/app/find';
export const payMethodsOffered = '/app/order/vehicle/order/app/pay/methods';
export const orderPayQr = '/app/order/vehicle/order/app/pay/duitnow';

// My Orders (docs/contracts/orders.md §2).
export const orderPage = '/app/order/vehicle/order/app/page';
export const orderCancel = '/app/order/vehicle/order/app/cancel';
export const orderDelete = '/app/order/vehicle/order/app/del';
export const orderChangeTime = '/app/order/vehicle/order/app/update/install/time';
export const orderRefund = '/app/order/vehicle/order/app/refund';
export const orderRefundCancel = '/app/order/vehicle/order/app/refund/cancel';
export const uploadImage = '/app/upload/image';

// Verified reviews (docs/contracts/after-sale.md §3): the author's calls.
export const reviewAdd = '/app/review/add';
export const reviewUpdate = '/app/review/update';
export const reviewMine = '/app/review/mine';
export const reviewCheck = '/app/review/check';

// Invoices, credit notes and e-invoices (docs/contracts/after-sale.md §4): the customer's calls.
export const orderInvoice = '/app/order/vehicle/order/app/invoice';
export const einvoiceRequest = '/app/einvoice/request';
export const einvoiceFind = '/app/einvoice/find';

// Warranty claims (docs/contracts/going-live.md §2): the customer's calls.
export const warrantyAdd = '/app/warranty/add';
export const warrantyMine = '/app/warranty/mine';
export const warrantyBook = '/app/warranty/book';

import type * as quote from '../../contract/cart-quote.ts';
import type * as invoice from '../../contract/invoice.ts';
import type * as myOrders from '../../contract/my-orders.ts';
import type * as orders from '../../contract/orders.ts';
import type * as reviews from '../../contract/reviews.ts';
import type * as storeTimes from '../../contract/store-times.ts';
import type * as warranty from '../../contract/warranty.ts';
import { endpoint } from './endpoints.ts';
import * as paths from '../../contract/paths/orders.ts';

/** The checkout's, payment's and My Orders' calls (see endpoints.ts). */
export const storeSlots = endpoint<typeof orders.storeSlots>(paths.storeSlots);
export const storeNextFree = endpoint<typeof storeTimes.storeNextFree>(paths.storeNextFree);
export const cartQuote = endpoint<typeof quote.cartQuote>(paths.cartQuote);
export const orderAdd = endpoint<typeof orders.orderAdd>(paths.orderAdd);
export const orderPay = endpoint<typeof orders.orderPay>(paths.orderPay);
export const orderPayStatus = endpoint<typeof orders.orderPayStatus>(paths.orderPayStatus);
export const orderFind = endpoint<typeof orders.orderFind>(paths.orderFind);
export const orderPage = endpoint<typeof myOrders.orderPage>(paths.orderPage);
export const orderCancel = endpoint<typeof myOrders.orderCancel>(paths.orderCancel);
export const orderDelete = endpoint<typeof myOrders.orderDelete>(paths.orderDelete);
export const orderChangeTime = endpoint<typeof myOrders.orderChangeTime>(paths.orderChangeTime);
export const orderRefund = endpoint<typeof myOrders.orderRefund>(paths.orderRefund);
export const orderRefundCancel = endpoint<typeof myOrders.orderRefundCancel>(paths.orderRefundCancel);
export const uploadImage = endpoint<typeof myOrders.uploadImage>(paths.uploadImage);
export const reviewAdd = endpoint<typeof reviews.reviewAdd>(paths.reviewAdd);
export const reviewUpdate = endpoint<typeof reviews.reviewUpdate>(paths.reviewUpdate);
export const reviewMine = endpoint<typeof reviews.reviewMine>(paths.reviewMine);
export const reviewCheck = endpoint<typeof reviews.reviewCheck>(paths.reviewCheck);
export const warrantyMine = endpoint<typeof warranty.warrantyMine>(paths.warrantyMine);
export const warrantyAdd = endpoint<typeof warranty.warrantyAdd>(paths.warrantyAdd);
export const warrantyBook = endpoint<typeof warranty.warrantyBook>(paths.warrantyBook);
// Here rather than a file of its own: the paths of orders.ts stay in one chunk with these
// calls, so the order page carries no extra module for the invoice page's sake.
export const orderInvoice = endpoint<typeof invoice.orderInvoice>(paths.orderInvoice);
export const payMethodsOffered = endpoint<typeof orders.payMethodsOffered>(paths.payMethodsOffered);
export const orderPayQr = endpoint<typeof orders.orderPayQr>(paths.orderPayQr);

import type * as quote from '../../contract/cart-quote.ts';
import type * as myOrders from '../../contract/my-orders.ts';
import type * as orders from '../../contract/orders.ts';
import { endpoint } from './endpoints.ts';

/** The checkout's, payment's and My Orders' calls (see endpoints.ts). */
export const storeSlots = endpoint<typeof orders.storeSlots>('/app/order/vehicle/store/slots');
export const couponClientGet = endpoint<typeof orders.couponClientGet>('/app/order/vehicle/coupon/client-get');
export const cartQuote = endpoint<typeof quote.cartQuote>('/app/order/vehicle/cart/quote');
export const orderAdd = endpoint<typeof orders.orderAdd>('/app/order/vehicle/order/app/add');
export const orderPay = endpoint<typeof orders.orderPay>('/app/order/vehicle/order/app/pay');
export const orderPayStatus = endpoint<typeof orders.orderPayStatus>('/app/order/vehicle/order/update/pay/status');
export const orderFind = endpoint<typeof orders.orderFind>('/app/order/vehicle/order/app/find');
export const orderPage = endpoint<typeof myOrders.orderPage>('/app/order/vehicle/order/app/page');
export const orderCancel = endpoint<typeof myOrders.orderCancel>('/app/order/vehicle/order/app/cancel');
export const orderDelete = endpoint<typeof myOrders.orderDelete>('/app/order/vehicle/order/app/del');
export const orderChangeTime = endpoint<typeof myOrders.orderChangeTime>('/app/order/vehicle/order/app/update/install/time');
export const orderRefund = endpoint<typeof myOrders.orderRefund>('/app/order/vehicle/order/app/refund');
export const orderRefundCancel = endpoint<typeof myOrders.orderRefundCancel>('/app/order/vehicle/order/app/refund/cancel');
export const uploadImage = endpoint<typeof myOrders.uploadImage>('/app/upload/image');

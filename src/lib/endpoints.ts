import type { Call } from '../../contract/call.ts';
import type * as dictionary from '../../contract/dictionary.ts';
import type * as home from '../../contract/home.ts';
import { paths } from '../../contract/paths.ts';
import type * as user from '../../contract/user.ts';
import type * as vehicles from '../../contract/vehicles.ts';
import type * as catalog from '../../contract/catalog.ts';
import type * as stores from '../../contract/stores.ts';
import type * as orders from '../../contract/orders.ts';
import type * as myOrders from '../../contract/my-orders.ts';
import type * as staff from '../../contract/console.ts';

/** A call as the site knows it: its path, with the contract's types but none of its code. */
export interface Endpoint<C extends Call> {
  path: string;
  /** Never set: carries the contract's type. */
  readonly contract?: C;
}

const endpoint = <C extends Call>(path: string): Endpoint<C> => ({ path });

export const sendSms = endpoint<typeof user.sendSms>(paths.sendSms);
export const clientLogin = endpoint<typeof user.clientLogin>(paths.clientLogin);
export const userInfo = endpoint<typeof user.userInfo>(paths.userInfo);
export const logout = endpoint<typeof user.logout>(paths.logout);
export const homeBanner = endpoint<typeof home.homeBanner>(paths.homeBanner);
export const dictionaryInfo = endpoint<typeof dictionary.dictionaryInfo>(paths.dictionaryInfo);
export const carSizeChose = endpoint<typeof vehicles.carSizeChose>(paths.carSizeChose);
export const carInfoAdd = endpoint<typeof vehicles.carInfoAdd>(paths.carInfoAdd);
export const carInfoList = endpoint<typeof vehicles.carInfoList>(paths.carInfoList);
export const carInfoCurrent = endpoint<typeof vehicles.carInfoCurrent>(paths.carInfoCurrent);
export const carInfoDel = endpoint<typeof vehicles.carInfoDel>(paths.carInfoDel);
export const productPage = endpoint<typeof catalog.productPage>(paths.productPage);
export const productFind = endpoint<typeof catalog.productFind>(paths.productFind);
export const productChangeList = endpoint<typeof catalog.productChangeList>(paths.productChangeList);
export const doorStoreList = endpoint<typeof stores.doorStoreList>(paths.doorStoreList);
export const clientStore = endpoint<typeof stores.clientStore>(paths.clientStore);
export const storeSlots = endpoint<typeof orders.storeSlots>(paths.storeSlots);
export const couponClientGet = endpoint<typeof orders.couponClientGet>(paths.couponClientGet);
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
export const consoleOrdersPage = endpoint<typeof staff.consoleOrdersPage>(paths.consoleOrdersPage);
export const consoleOrdersFind = endpoint<typeof staff.consoleOrdersFind>(paths.consoleOrdersFind);
export const consoleOrdersStart = endpoint<typeof staff.consoleOrdersStart>(paths.consoleOrdersStart);
export const consoleOrdersComplete = endpoint<typeof staff.consoleOrdersComplete>(paths.consoleOrdersComplete);
export const consoleOrdersReady = endpoint<typeof staff.consoleOrdersReady>(paths.consoleOrdersReady);
export const consoleOrdersShip = endpoint<typeof staff.consoleOrdersShip>(paths.consoleOrdersShip);
export const consoleRefundsReview = endpoint<typeof staff.consoleRefundsReview>(paths.consoleRefundsReview);
export const consoleRefundsPage = endpoint<typeof staff.consoleRefundsPage>(paths.consoleRefundsPage);
export const consoleStoresClosure = endpoint<typeof staff.consoleStoresClosure>(paths.consoleStoresClosure);
export const consoleStoresList = endpoint<typeof staff.consoleStoresList>(paths.consoleStoresList);
export const consoleDashboard = endpoint<typeof staff.consoleDashboard>(paths.consoleDashboard);

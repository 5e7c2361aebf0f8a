import type { Call } from '../../contract/call.ts';
import type * as catalog from '../../contract/catalog.ts';
import type * as dictionary from '../../contract/dictionary.ts';
import type * as home from '../../contract/home.ts';
import type * as stores from '../../contract/stores.ts';
import type * as user from '../../contract/user.ts';
import type * as vehicles from '../../contract/vehicles.ts';

/**
 * The calls the site makes, by path, with the contract's types but none of its code. Paths are
 * written out rather than read from contract/paths.ts, so a page carries only the calls its
 * islands make (tests/unit/site/endpoints.test.ts checks each against the contract). Calls of
 * the orders and the console are in order-endpoints.ts and console-endpoints.ts.
 */

/** A call as the site knows it: its path, with the contract's types but none of its code. */
export interface Endpoint<C extends Call> {
  path: string;
  /** Never set: carries the contract's type. */
  readonly contract?: C;
}

export const endpoint = <C extends Call>(path: string): Endpoint<C> => ({ path });

export const sendSms = endpoint<typeof user.sendSms>('/app/user/send/sms');
export const clientLogin = endpoint<typeof user.clientLogin>('/app/user/client-login');
export const userInfo = endpoint<typeof user.userInfo>('/app/user/info');
export const logout = endpoint<typeof user.logout>('/app/user/logout');
export const homeBanner = endpoint<typeof home.homeBanner>('/app/user/home/banner');
export const dictionaryInfo = endpoint<typeof dictionary.dictionaryInfo>('/user/dictionary/dictionary-info');
export const carSizeChose = endpoint<typeof vehicles.carSizeChose>('/app/order/vehicle/car/size/chose');
export const carInfoAdd = endpoint<typeof vehicles.carInfoAdd>('/export/user/vehicle/car/info/add');
export const carInfoList = endpoint<typeof vehicles.carInfoList>('/export/user/vehicle/car/info/list');
export const carInfoCurrent = endpoint<typeof vehicles.carInfoCurrent>('/export/user/vehicle/car/info/current');
export const carInfoDel = endpoint<typeof vehicles.carInfoDel>('/export/user/vehicle/car/info/del');
export const productPage = endpoint<typeof catalog.productPage>('/app/order/vehicle/product/app/page');
export const productFind = endpoint<typeof catalog.productFind>('/app/order/vehicle/product/app/find');
export const productChangeList = endpoint<typeof catalog.productChangeList>('/app/order/vehicle/product/change/list');
export const doorStoreList = endpoint<typeof stores.doorStoreList>('/app/order/vehicle/door/store/list');
export const clientStore = endpoint<typeof stores.clientStore>('/app/order/vehicle/order/client-store');

import type { Call } from '../../contract/call.ts';
import type * as catalog from '../../contract/catalog.ts';
import type * as channels from '../../contract/channels.ts';
import type * as dictionary from '../../contract/dictionary.ts';
import type * as home from '../../contract/home.ts';
import type * as reviews from '../../contract/reviews.ts';
import type * as stock from '../../contract/stock.ts';
import type * as stores from '../../contract/stores.ts';
import type * as user from '../../contract/user.ts';
import type * as vehicles from '../../contract/vehicles.ts';
import * as paths from '../../contract/paths/shop.ts';

/**
 * The calls the site makes, with the contract's types but none of its code: each names its
 * path by the constant of contract/paths.ts, so a page carries only the paths and types of the
 * calls its islands make, and never zod. Calls of the orders and the console are in
 * order-endpoints.ts and console-endpoints.ts.
 */

/** A call as the site knows it: its path, with the contract's types but none of its code. */
export interface Endpoint<C extends Call> {
  path: string;
  /** Never set: carries the contract's type. */
  readonly contract?: C;
}

/** Names a call; free of side effects, so a page that names a call it never makes carries none of it. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<C extends Call>(path: string): Endpoint<C> {
  return { path };
}

export const sendSms = endpoint<typeof user.sendSms>(paths.sendSms);
export const clientLogin = endpoint<typeof user.clientLogin>(paths.clientLogin);
export const userInfo = endpoint<typeof user.userInfo>(paths.userInfo);
export const logout = endpoint<typeof user.logout>(paths.logout);
export const userChannels = endpoint<typeof channels.userChannels>(paths.userChannels);
export const userChannelsSet = endpoint<typeof channels.userChannelsSet>(paths.userChannelsSet);
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
export const productStock = endpoint<typeof stock.productStock>(paths.productStock);
export const doorStoreList = endpoint<typeof stores.doorStoreList>(paths.doorStoreList);
export const clientStore = endpoint<typeof stores.clientStore>(paths.clientStore);
export const reviewPage = endpoint<typeof reviews.reviewPage>(paths.reviewPage);
export const reviewWorkshopRatings = endpoint<typeof reviews.reviewWorkshopRatings>(paths.reviewWorkshopRatings);

/** The shop's own calls (docs/contracts/shop.md §7): login, home, dictionary, cars, products, workshops. */

export const sendSms = '/app/user/send/sms';
export const clientLogin = '/app/user/client-login';
export const userInfo = '/app/user/info';
export const logout = '/app/user/logout';
export const homeBanner = '/app/user/home/banner';
export const dictionaryInfo = '/user/dictionary/dictionary-info';
export const typeList = '/app/order/vehicle/type/list';
export const productPage = '/app/order/vehicle/product/app/page';
export const productFind = '/app/order/vehicle/product/app/find';
export const productChangeList = '/app/order/vehicle/product/change/list';
export const doorStoreList = '/app/order/vehicle/door/store/list';
export const clientStore = '/app/order/vehicle/order/client-store';
export const carSizeChose = '/app/order/vehicle/car/size/chose';
export const carInfoAdd = '/export/user/vehicle/car/info/add';
export const carInfoList = '/export/user/vehicle/car/info/list';
export const carInfoCurrent = '/export/user/vehicle/car/info/current';
export const carInfoDel = '/export/user/vehicle/car/info/del';
/** The reviews a product or workshop page shows (docs/contracts/after-sale.md §3), no login. */
export const reviewPage = '/app/review/page';
/** Every workshop's rating at once, for the store finder's cards, no login. */
export const reviewWorkshopRatings = '/app/review/workshop-ratings';
export const carInfoUpdate = '/export/user/vehicle/car/info/update';
export const garageHistory = '/app/garage/history';
export const garageOdometer = '/app/garage/odometer';
/** A customer's consent to reminders, per purpose (docs/contracts/after-sale.md §2). */
export const userConsent = '/app/user/consent';
export const userChannels = '/app/user/channels';
export const userChannelsSet = '/app/user/channels/set';
// Stock (docs/contracts/running-the-business.md §1): what a product has at a workshop and the warehouse.
export const productStock = '/app/order/vehicle/product/stock';

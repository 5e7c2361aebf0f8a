/**
 * The API paths (spec §7), written once, apart from their schemas: the site imports the few
 * constants its page calls without bundling zod, and the schemas in the other contract files
 * (and so the server) use the same constants through `paths`.
 */

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

// Orders (orders.md §2).
export const storeSlots = '/app/order/vehicle/store/slots';
export const couponClientGet = '/app/order/vehicle/coupon/client-get';
export const cartQuote = '/app/order/vehicle/cart/quote';
export const orderAdd = '/app/order/vehicle/order/app/add';
export const orderPay = '/app/order/vehicle/order/app/pay';
export const orderPayStatus = '/app/order/vehicle/order/update/pay/status';
export const orderFind = '/app/order/vehicle/order/app/find';

// My Orders (orders.md §2).
export const orderPage = '/app/order/vehicle/order/app/page';
export const orderCancel = '/app/order/vehicle/order/app/cancel';
export const orderDelete = '/app/order/vehicle/order/app/del';
export const orderChangeTime = '/app/order/vehicle/order/app/update/install/time';
export const orderRefund = '/app/order/vehicle/order/app/refund';
export const orderRefundCancel = '/app/order/vehicle/order/app/refund/cancel';
export const uploadImage = '/app/upload/image';

// Operations console (orders.md §4).
export const consoleOrdersPage = '/console/orders/page';
export const consoleOrdersFind = '/console/orders/find';
export const consoleOrdersStart = '/console/orders/start';
export const consoleOrdersComplete = '/console/orders/complete';
export const consoleOrdersReady = '/console/orders/ready';
export const consoleOrdersShip = '/console/orders/ship';
export const consoleRefundsReview = '/console/refunds/review';
export const consoleRefundsPage = '/console/refunds/page';
export const consoleStoresClosure = '/console/stores/closure';
export const consoleStoresList = '/console/stores/list';
export const consoleDashboard = '/console/dashboard';

/** Every path by call name. */
export const paths = {
  sendSms,
  clientLogin,
  userInfo,
  logout,
  homeBanner,
  dictionaryInfo,
  typeList,
  productPage,
  productFind,
  productChangeList,
  doorStoreList,
  clientStore,
  carSizeChose,
  carInfoAdd,
  carInfoList,
  carInfoCurrent,
  carInfoDel,
  storeSlots,
  couponClientGet,
  cartQuote,
  orderAdd,
  orderPay,
  orderPayStatus,
  orderFind,
  orderPage,
  orderCancel,
  orderDelete,
  orderChangeTime,
  orderRefund,
  orderRefundCancel,
  uploadImage,
  consoleOrdersPage,
  consoleOrdersFind,
  consoleOrdersStart,
  consoleOrdersComplete,
  consoleOrdersReady,
  consoleOrdersShip,
  consoleRefundsReview,
  consoleRefundsPage,
  consoleStoresClosure,
  consoleStoresList,
  consoleDashboard,
} as const;

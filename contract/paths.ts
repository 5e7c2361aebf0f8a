/**
 * The API paths (spec §7), apart from their schemas so that the site can name a call
 * without bundling zod. The schemas in the other contract files use these.
 */
export const paths = {
  sendSms: '/app/user/send/sms',
  clientLogin: '/app/user/client-login',
  userInfo: '/app/user/info',
  logout: '/app/user/logout',
  homeBanner: '/app/user/home/banner',
  dictionaryInfo: '/user/dictionary/dictionary-info',
  typeList: '/app/order/vehicle/type/list',
  productPage: '/app/order/vehicle/product/app/page',
  productFind: '/app/order/vehicle/product/app/find',
  productChangeList: '/app/order/vehicle/product/change/list',
  doorStoreList: '/app/order/vehicle/door/store/list',
  clientStore: '/app/order/vehicle/order/client-store',
  carSizeChose: '/app/order/vehicle/car/size/chose',
  carInfoAdd: '/export/user/vehicle/car/info/add',
  carInfoList: '/export/user/vehicle/car/info/list',
  carInfoCurrent: '/export/user/vehicle/car/info/current',
  carInfoDel: '/export/user/vehicle/car/info/del',
  // Orders (orders.md §2).
  storeSlots: '/app/order/vehicle/store/slots',
  couponClientGet: '/app/order/vehicle/coupon/client-get',
  orderAdd: '/app/order/vehicle/order/app/add',
  orderPay: '/app/order/vehicle/order/app/pay',
  orderPayStatus: '/app/order/vehicle/order/update/pay/status',
  orderFind: '/app/order/vehicle/order/app/find',
  // My Orders (orders.md §2).
  orderPage: '/app/order/vehicle/order/app/page',
  orderCancel: '/app/order/vehicle/order/app/cancel',
  orderDelete: '/app/order/vehicle/order/app/del',
  orderChangeTime: '/app/order/vehicle/order/app/update/install/time',
  orderRefund: '/app/order/vehicle/order/app/refund',
  orderRefundCancel: '/app/order/vehicle/order/app/refund/cancel',
  uploadImage: '/app/upload/image',
} as const;

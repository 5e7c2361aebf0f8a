import type { FieldLabels } from './call.ts';

/**
 * What the customer calls each field of the checkout calls, in their language, so a refusal
 * reads "Name is required." rather than "contact.name is required.". The words are the
 * checkout page's own labels (src/i18n, section checkout). A list index is written `*`.
 */

const line: FieldLabels = {
  items: { en: 'Cart', 'zh-cn': '购物车', ms: 'Troli' },
  'items.*': { en: 'Cart line', 'zh-cn': '购物车商品', ms: 'Item troli' },
  'items.*.productId': { en: 'Product', 'zh-cn': '商品', ms: 'Produk' },
  'items.*.quantity': { en: 'Quantity', 'zh-cn': '数量', ms: 'Kuantiti' },
  'items.*.options': { en: 'Options', 'zh-cn': '选项', ms: 'Pilihan' },
  'items.*.options.oilId': { en: 'Engine oil', 'zh-cn': '机油', ms: 'Minyak enjin' },
  'items.*.options.wiper': { en: 'Blade lengths', 'zh-cn': '雨刮长度', ms: 'Panjang bilah' },
  'items.*.options.wiper.driverInch': { en: 'Driver (long) blade length', 'zh-cn': '主驾驶（长）雨刮长度', ms: 'Panjang bilah pemandu (panjang)' },
  'items.*.options.wiper.passengerInch': { en: 'Passenger (short) blade length', 'zh-cn': '副驾驶（短）雨刮长度', ms: 'Panjang bilah penumpang (pendek)' },
  'items.*.options.wiper.rearInch': { en: 'Rear blade length', 'zh-cn': '后雨刮长度', ms: 'Panjang bilah belakang' },
  'items.*.options.tint': { en: 'Tint transmittance', 'zh-cn': '隔热膜透光率', ms: 'Ketelusan cahaya tint' },
  'items.*.options.tint.frontPct': { en: 'Front windscreen tint', 'zh-cn': '前挡风玻璃透光率', ms: 'Tint cermin depan' },
  'items.*.options.tint.sideWindowsPct': { en: 'Side windows tint', 'zh-cn': '侧窗透光率', ms: 'Tint tingkap sisi' },
  'items.*.options.tint.rearWindscreenPct': { en: 'Rear windscreen tint', 'zh-cn': '后挡风玻璃透光率', ms: 'Tint cermin belakang' },
  'items.*.options.tyreSize': { en: 'Tyre size', 'zh-cn': '轮胎尺寸', ms: 'Saiz tayar' },
};

const car: FieldLabels = {
  variantId: { en: 'Car', 'zh-cn': '车型', ms: 'Kereta' },
};

const orderNo: FieldLabels = {
  orderNo: { en: 'Order number', 'zh-cn': '订单号', ms: 'Nombor pesanan' },
};

const storeId: FieldLabels = {
  storeId: { en: 'Workshop', 'zh-cn': '车厂', ms: 'Bengkel' },
};

const couponCode: FieldLabels = {
  couponCode: { en: 'Coupon code', 'zh-cn': '优惠码', ms: 'Kod kupon' },
};

export const storeSlotsLabels: FieldLabels = { ...storeId, ...line };

export const couponClientGetLabels: FieldLabels = {
  ...line,
  ...couponCode,
  ...car,
  method: { en: 'Ordering method', 'zh-cn': '下单方式', ms: 'Kaedah pesanan' },
  state: { en: 'State', 'zh-cn': '州属', ms: 'Negeri' },
};

export const orderAddLabels: FieldLabels = {
  idempotencyKey: { en: 'Checkout key', 'zh-cn': '结账编号', ms: 'Kunci pembayaran' },
  ...line,
  ...car,
  ...storeId,
  ...couponCode,
  carPlate: { en: 'Car plate number', 'zh-cn': '车牌号码', ms: 'Nombor plat kereta' },
  method: { en: 'Ordering method', 'zh-cn': '下单方式', ms: 'Kaedah pesanan' },
  appointment: { en: 'Appointment', 'zh-cn': '预约', ms: 'Temu janji' },
  'appointment.date': { en: 'Date', 'zh-cn': '日期', ms: 'Tarikh' },
  'appointment.time': { en: 'Time', 'zh-cn': '时间', ms: 'Masa' },
  address: { en: 'Delivery address', 'zh-cn': '收货地址', ms: 'Alamat penghantaran' },
  'address.recipient': { en: 'Recipient', 'zh-cn': '收件人', ms: 'Penerima' },
  'address.phone': { en: 'Recipient’s mobile number', 'zh-cn': '收件人手机号码', ms: 'Nombor telefon bimbit penerima' },
  'address.line1': { en: 'Address', 'zh-cn': '地址', ms: 'Alamat' },
  'address.line2': { en: 'Address line 2', 'zh-cn': '地址第二行', ms: 'Alamat baris 2' },
  'address.postcode': { en: 'Postcode', 'zh-cn': '邮编', ms: 'Poskod' },
  'address.city': { en: 'City', 'zh-cn': '城市', ms: 'Bandar' },
  'address.state': { en: 'State', 'zh-cn': '州属', ms: 'Negeri' },
  'address.landmark': { en: 'Landmark', 'zh-cn': '地标', ms: 'Mercu tanda' },
  window: { en: 'Time window', 'zh-cn': '时段', ms: 'Slot masa' },
  'window.date': { en: 'Date', 'zh-cn': '日期', ms: 'Tarikh' },
  'window.start': { en: 'Time', 'zh-cn': '时间', ms: 'Masa' },
  contact: { en: 'Contact', 'zh-cn': '联系资料', ms: 'Maklumat hubungan' },
  'contact.name': { en: 'Name', 'zh-cn': '姓名', ms: 'Nama' },
  'contact.phone': { en: 'Mobile number', 'zh-cn': '手机号码', ms: 'Nombor telefon bimbit' },
  'contact.email': { en: 'E-mail', 'zh-cn': '电子邮件', ms: 'E-mel' },
  notes: { en: 'Notes', 'zh-cn': '备注', ms: 'Catatan' },
};

export const orderPayLabels: FieldLabels = {
  ...orderNo,
  payMethod: { en: 'Payment method', 'zh-cn': '付款方式', ms: 'Kaedah pembayaran' },
  bankCode: { en: 'Bank', 'zh-cn': '银行', ms: 'Bank' },
};

export const orderNoLabels: FieldLabels = orderNo;

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, COUPONS, installOrder, mailOrder, MYVI, PAY, WIPERS } from './order-fixtures.ts';

/**
 * A refused field is named as the customer knows it, in their language: "Name is required.",
 * never "contact.name is required.". `data.field` still gives the path, for the page.
 */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

type Body = Record<string, unknown>;
const LANGUAGES = { en: 'en_us', zh: 'zh_cn', ms: 'ms_my' } as const;

/** `body` with the field at `path` set to `value`, or left out when `value` is undefined. */
function withField(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return copy;
}

interface Case {
  field: string;
  value: unknown;
  en: string;
  zh: string;
  ms: string;
}

async function expectRefused(path: string, body: Body, c: Case) {
  for (const [lang, header] of Object.entries(LANGUAGES)) {
    const answer = await api.request(path, body, { userKey, language: header });
    expect(answer, `${c.field} in ${lang}`).toEqual({ code: 400, msg: c[lang as keyof typeof LANGUAGES], data: { field: c.field } });
  }
}

describe('order/app/add names every field in words', () => {
  const blank: Case[] = [
    { field: 'idempotencyKey', value: undefined, en: 'Checkout key is required.', zh: '结账编号为必填项。', ms: 'Kunci pembayaran diperlukan.' },
    { field: 'items', value: undefined, en: 'Cart is required.', zh: '购物车为必填项。', ms: 'Troli diperlukan.' },
    { field: 'items.0.productId', value: undefined, en: 'Product is required.', zh: '商品为必填项。', ms: 'Produk diperlukan.' },
    { field: 'items.0.quantity', value: undefined, en: 'Quantity is required.', zh: '数量为必填项。', ms: 'Kuantiti diperlukan.' },
    {
      field: 'variantId',
      value: undefined,
      en: 'Choose your car’s variant first: we check every part against it.',
      zh: '请先选择您的车款：每个部件都需按车款核对。',
      ms: 'Pilih varian kereta anda dahulu: kami menyemak setiap alat ganti mengikutnya.',
    },
    { field: 'carPlate', value: '', en: 'Please enter your car plate number.', zh: '请输入您的车牌号码。', ms: 'Sila masukkan nombor plat kereta anda.' },
    { field: 'method', value: undefined, en: 'Ordering method is required.', zh: '下单方式为必填项。', ms: 'Kaedah pesanan diperlukan.' },
    { field: 'storeId', value: undefined, en: 'Workshop is required.', zh: '车厂为必填项。', ms: 'Bengkel diperlukan.' },
    { field: 'appointment', value: undefined, en: 'Please choose an appointment date and time.', zh: '请选择预约日期和时间。', ms: 'Sila pilih tarikh dan masa temu janji.' },
    { field: 'appointment.time', value: undefined, en: 'Time is required.', zh: '时间为必填项。', ms: 'Masa diperlukan.' },
    { field: 'contact', value: undefined, en: 'Contact is required.', zh: '联系资料为必填项。', ms: 'Maklumat hubungan diperlukan.' },
    { field: 'contact.name', value: '  ', en: 'Name is required.', zh: '姓名为必填项。', ms: 'Nama diperlukan.' },
    { field: 'contact.phone', value: '', en: 'Mobile number is required.', zh: '手机号码为必填项。', ms: 'Nombor telefon bimbit diperlukan.' },
  ];
  for (const c of blank) {
    test(`${c.field} left out or blank`, async () => {
      await expectRefused(ADD, withField(installOrder(), c.field, c.value), c);
    });
  }

  const mailing: Case[] = [
    { field: 'address', value: undefined, en: 'Delivery address is required.', zh: '收货地址为必填项。', ms: 'Alamat penghantaran diperlukan.' },
    { field: 'address.recipient', value: '', en: 'Recipient is required.', zh: '收件人为必填项。', ms: 'Penerima diperlukan.' },
    { field: 'address.phone', value: '', en: 'Recipient’s mobile number is required.', zh: '收件人手机号码为必填项。', ms: 'Nombor telefon bimbit penerima diperlukan.' },
    { field: 'address.line1', value: ' ', en: 'Address is required.', zh: '地址为必填项。', ms: 'Alamat diperlukan.' },
    { field: 'address.city', value: '', en: 'City is required.', zh: '城市为必填项。', ms: 'Bandar diperlukan.' },
    { field: 'address.postcode', value: '', en: 'Please enter the postcode.', zh: '请输入邮编。', ms: 'Sila masukkan poskod.' },
    { field: 'address.state', value: '', en: 'Please choose a Malaysian state or federal territory.', zh: '请选择马来西亚的州或联邦直辖区。', ms: 'Sila pilih negeri atau wilayah persekutuan di Malaysia.' },
  ];
  for (const c of mailing) {
    test(`mailing: ${c.field} left out or blank`, async () => {
      await expectRefused(ADD, withField(mailOrder(), c.field, c.value), c);
    });
  }

  test('fields of the wrong kind or length are named too', async () => {
    await expectRefused(ADD, installOrder({ contact: { name: 'Nur Aisyah', phone: '0123456789', email: 'not-an-address' } }), {
      field: 'contact.email',
      value: null,
      en: 'E-mail is not valid.',
      zh: '电子邮件无效。',
      ms: 'E-mel tidak sah.',
    });
    await expectRefused(ADD, installOrder({ couponCode: 'X'.repeat(41) }), { field: 'couponCode', value: null, en: 'Coupon code is too long.', zh: '优惠码太长。', ms: 'Kod kupon terlalu panjang.' });
    await expectRefused(ADD, installOrder({ items: [{ ...WIPERS, quantity: 9 }] }), { field: 'items.0.quantity', value: null, en: 'Quantity must be at most 4.', zh: '数量不能大于 4。', ms: 'Kuantiti mestilah tidak melebihi 4.' });
    await expectRefused(ADD, installOrder({ items: [{ ...WIPERS, options: { wiper: { driverInch: 'long', passengerInch: 14 } } }] }), {
      field: 'items.0.options.wiper.driverInch',
      value: null,
      en: 'Driver (long) blade length must be a number.',
      zh: '主驾驶（长）雨刮长度必须是数字。',
      ms: 'Panjang bilah pemandu (panjang) mestilah nombor.',
    });
  });
});

describe('coupon/client-get and paying name their fields in words', () => {
  test('coupon/client-get', async () => {
    await expectRefused(COUPONS, { variantId: MYVI }, { field: 'items', value: null, en: 'Cart is required.', zh: '购物车为必填项。', ms: 'Troli diperlukan.' });
    await expectRefused(COUPONS, { items: [WIPERS], method: 'drone' }, { field: 'method', value: null, en: 'Ordering method must be one of: install, pickup, mail, mobile.', zh: '下单方式必须是以下之一：install, pickup, mail, mobile。', ms: 'Kaedah pesanan mestilah salah satu daripada: install, pickup, mail, mobile.' });
    await expectRefused(COUPONS, { items: [WIPERS], couponCode: 7 }, { field: 'couponCode', value: null, en: 'Coupon code must be text.', zh: '优惠码必须是文本。', ms: 'Kod kupon mestilah teks.' });
    await expectRefused(COUPONS, { items: [{ quantity: 1 }] }, { field: 'items.0.productId', value: null, en: 'Product is required.', zh: '商品为必填项。', ms: 'Produk diperlukan.' });
  });

  test('order/app/pay', async () => {
    await expectRefused(PAY, { payMethod: 'fpx' }, { field: 'orderNo', value: null, en: 'Order number is required.', zh: '订单号为必填项。', ms: 'Nombor pesanan diperlukan.' });
    await expectRefused(PAY, { orderNo: 'SV1', payMethod: 'cash' }, { field: 'payMethod', value: null, en: 'Payment method must be one of: fpx, card, tng, grabpay, shopeepay, boost, duitnow, atome.', zh: '付款方式必须是以下之一：fpx, card, tng, grabpay, shopeepay, boost, duitnow, atome。', ms: 'Kaedah pembayaran mestilah salah satu daripada: fpx, card, tng, grabpay, shopeepay, boost, duitnow, atome.' });
  });
});

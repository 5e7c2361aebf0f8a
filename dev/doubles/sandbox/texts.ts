import type { Locale } from '../../../contract/rules/language.ts';
import type { PayMethod } from '../../../contract/rules/order-status.ts';

/**
 * The hosted page's own texts. The page stands in for a gateway's page, which carries its
 * own words, so they live with it rather than among the shop's messages.
 */
const en = {
  htmlLang: 'en',
  title: 'Servauto test payment',
  testBanner: 'Test payment page: no money is taken. It stands in for the page of a real bank or e-wallet.',
  orderNo: 'Order number',
  amount: 'Amount',
  timeLeft: 'Time left to pay',
  minutes: '{n} minutes',
  oneMinute: '1 minute',
  underAMinute: 'less than a minute',
  payBy: '{left} (pay by {time})',
  chooseMethod: 'How would you like to pay?',
  'method.fpx': 'FPX online banking',
  'method.card': 'Credit or debit card',
  'method.tng': 'Touch ’n Go eWallet',
  'method.grabpay': 'GrabPay',
  'method.shopeepay': 'ShopeePay',
  'method.boost': 'Boost',
  'method.atome': 'Atome',
  'method.duitnow': 'DuitNow QR',
  bank: 'Bank',
  chooseBank: 'Choose your bank',
  cardNote: 'No card details are asked for on this test page.',
  pay: 'Pay',
  fail: 'Fail',
  failHint: 'Fail answers as if the bank had declined the payment.',
  payLater: 'Pay, bank confirms later',
  laterHint: 'Pay, bank confirms later takes the money now and tells the shop about half a minute later, as a slow FPX confirmation does.',
  lastFailed: 'The last attempt failed. You can try again.',
  expired: 'The time to pay for this order has run out.',
  replaced: 'This payment was replaced by a newer one for the same order. Nothing was taken here: please pay in the newest payment window, or start again from your order.',
  paid: 'This order has been paid.',
  back: 'Back to Servauto',
  invalid: 'This payment link is not valid.',
  invalidHint: 'Please start the payment again from your order.',
  errorMethod: 'Please choose how to pay.',
  errorBank: 'Please choose your bank.',
  errorOutcome: 'Please press Pay or Fail.',
  language: 'Language',
};

export type PageTexts = typeof en;

const zhCn: PageTexts = {
  htmlLang: 'zh-CN',
  title: 'Servauto 测试付款',
  testBanner: '测试付款页面：不会扣款。此页面代替真实银行或电子钱包的付款页面。',
  orderNo: '订单号',
  amount: '金额',
  timeLeft: '剩余付款时间',
  minutes: '{n} 分钟',
  oneMinute: '1 分钟',
  underAMinute: '不到 1 分钟',
  payBy: '{left}（请在 {time} 前付款）',
  chooseMethod: '请选择付款方式',
  'method.fpx': 'FPX 网上银行',
  'method.card': '信用卡或借记卡',
  'method.tng': 'Touch ’n Go 电子钱包',
  'method.grabpay': 'GrabPay',
  'method.shopeepay': 'ShopeePay',
  'method.boost': 'Boost',
  'method.atome': 'Atome',
  'method.duitnow': 'DuitNow QR 码',
  bank: '银行',
  chooseBank: '请选择您的银行',
  cardNote: '此测试页面不需要填写银行卡信息。',
  pay: '付款',
  fail: '失败',
  payLater: '付款，银行稍后确认',
  laterHint: '“付款，银行稍后确认”会立即扣款，约半分钟后才通知商店，就像较慢的 FPX 确认一样。',
  failHint: '“失败”会模拟银行拒绝此笔付款。',
  lastFailed: '上一次付款失败，您可以再试一次。',
  expired: '此订单的付款时间已过。',
  replaced: '此付款已被同一订单较新的付款取代，此处未扣款。请在最新的付款窗口付款，或从您的订单重新开始。',
  paid: '此订单已付款。',
  back: '返回 Servauto',
  invalid: '此付款链接无效。',
  invalidHint: '请从您的订单重新开始付款。',
  errorMethod: '请选择付款方式。',
  errorBank: '请选择您的银行。',
  errorOutcome: '请按“付款”或“失败”。',
  language: '语言',
};

const ms: PageTexts = {
  htmlLang: 'ms',
  title: 'Bayaran ujian Servauto',
  testBanner: 'Halaman bayaran ujian: tiada wang diambil. Ia menggantikan halaman bank atau e-dompet sebenar.',
  orderNo: 'Nombor pesanan',
  amount: 'Jumlah',
  timeLeft: 'Baki masa untuk membayar',
  minutes: '{n} minit',
  oneMinute: '1 minit',
  underAMinute: 'kurang daripada seminit',
  payBy: '{left} (bayar sebelum {time})',
  chooseMethod: 'Bagaimana anda ingin membayar?',
  'method.fpx': 'Perbankan dalam talian FPX',
  'method.card': 'Kad kredit atau debit',
  'method.tng': 'e-Dompet Touch ’n Go',
  'method.grabpay': 'GrabPay',
  'method.shopeepay': 'ShopeePay',
  'method.boost': 'Boost',
  'method.atome': 'Atome',
  'method.duitnow': 'Kod QR DuitNow',
  bank: 'Bank',
  chooseBank: 'Pilih bank anda',
  cardNote: 'Butiran kad tidak diminta di halaman ujian ini.',
  pay: 'Bayar',
  fail: 'Gagal',
  payLater: 'Bayar, bank sahkan kemudian',
  laterHint: 'Bayar, bank sahkan kemudian mengambil wang sekarang dan memberitahu kedai kira-kira setengah minit kemudian, seperti pengesahan FPX yang lambat.',
  failHint: 'Gagal menjawab seolah-olah bank menolak bayaran ini.',
  lastFailed: 'Cubaan terakhir gagal. Anda boleh cuba lagi.',
  expired: 'Masa untuk membayar pesanan ini telah tamat.',
  replaced: 'Bayaran ini telah digantikan oleh bayaran yang lebih baharu untuk pesanan yang sama. Tiada wang diambil di sini: sila bayar di tetingkap bayaran terbaharu, atau mulakan semula daripada pesanan anda.',
  paid: 'Pesanan ini telah dibayar.',
  back: 'Kembali ke Servauto',
  invalid: 'Pautan bayaran ini tidak sah.',
  invalidHint: 'Sila mulakan bayaran semula daripada pesanan anda.',
  errorMethod: 'Sila pilih cara pembayaran.',
  errorBank: 'Sila pilih bank anda.',
  errorOutcome: 'Sila tekan Bayar atau Gagal.',
  language: 'Bahasa',
};

const byLocale: Record<Locale, PageTexts> = { en, 'zh-cn': zhCn, ms };

export function pageTexts(locale: Locale): PageTexts {
  return byLocale[locale];
}

export function methodName(texts: PageTexts, method: PayMethod): string {
  return texts[`method.${method}`];
}

/** Each language's name in itself, for the language links. */
export const languageNames: Record<Locale, string> = { en: 'English', 'zh-cn': '中文', ms: 'Bahasa Melayu' };

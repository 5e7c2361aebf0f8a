import { describe, expect, test } from 'vitest';
import { dateWords } from '../../contract/rules/dates.ts';
import { locales, type Locale } from '../../contract/rules/language.ts';
import { reminderText } from '../../server/jobs/car-reminders.ts';
import { accountClosedSms, closeCodeSms, closureSms, noticeText, otpSms, type NoticeOrder, type OrderNoticeEvent } from '../../server/modules/notifications/texts.ts';

/**
 * What every SMS says, in every language: not its length (sms-texts.test.ts counts that) but its
 * meaning. A time change says the time changed, never that the job is done; a refund on its way
 * is not one paid; a rejection says "not". Each kind names what it must say and what it never
 * says, per language.
 */

const date = '2026-12-16';
const time = '10:30';
const order: NoticeOrder = {
  orderNo: 'SV261216000123',
  method: 'install',
  workshop: 'Tyre & Auto SS2',
  appointment: { date, time },
  pickupCode: '482913',
  expressCompany: 'J&T Express',
  expressNo: '630012345678',
  locale: 'en',
};
const pickup: NoticeOrder = { ...order, method: 'pickup', appointment: null };
const mail: NoticeOrder = { ...order, method: 'mail', workshop: null, appointment: null, pickupCode: null };

interface Meaning {
  /** Each must be found. */
  says: RegExp[];
  /** None may be found. */
  never: RegExp[];
}
type Meanings = Record<Locale, Meaning>;

/** Every kind of SMS: how it is rendered, and what it means in each language. */
const kinds: { name: string; render: (locale: Locale) => string; meaning: Meanings }[] = [];
const notice = (name: string, on: NoticeOrder, event: OrderNoticeEvent, meaning: Meanings) =>
  kinds.push({ name, render: (locale) => noticeText({ ...on, locale }, event), meaning });

// Words that mean the work is done, or the money paid back: said only by the SMS that report it.
const done = { en: /\b(is now installed|installed at|is done|complete[d]?|has been)\b/i, 'zh-cn': /(已安装|已完成|完成服务)/, ms: /(telah dipasang|telah selesai|telah siap|kini di)/i };

notice('bookingConfirmed (install)', order, { kind: 'bookingConfirmed' }, {
  en: { says: [/\bis paid\b/, /\binstallation at Tyre & Auto SS2\b/i], never: [done.en, /\brefund/i] },
  'zh-cn': { says: [/已付款/, /安装/], never: [done['zh-cn'], /退款/] },
  ms: { says: [/telah dibayar/, /Pemasangan di Tyre & Auto SS2/], never: [done.ms, /bayaran balik/] },
});
notice('bookingConfirmed (pickup)', pickup, { kind: 'bookingConfirmed' }, {
  en: { says: [/\bis paid\b/, /\bwill tell you when it is ready to collect\b/], never: [done.en] },
  'zh-cn': { says: [/已付款/, /取货时我们会通知您/], never: [done['zh-cn']] },
  ms: { says: [/telah dibayar/, /akan maklumkan apabila ia sedia untuk diambil/], never: [done.ms] },
});
notice('bookingConfirmed (mail)', mail, { kind: 'bookingConfirmed' }, {
  en: { says: [/\bis paid\b/, /\bwill tell you when it is on its way\b/], never: [done.en] },
  'zh-cn': { says: [/已付款/, /寄出时我们会通知您/], never: [done['zh-cn']] },
  ms: { says: [/telah dibayar/, /akan maklumkan apabila ia dihantar/], never: [done.ms] },
});
notice('timeChanged', order, { kind: 'timeChanged' }, {
  en: { says: [/\b(moved|changed)\b/, /\binstallation\b/], never: [done.en, /\binstalled\b/] },
  'zh-cn': { says: [/安装时间已改为/], never: [done['zh-cn']] },
  ms: { says: [/\b(ditukar|dipindahkan|dianjak)\b/, /pemasangan/], never: [done.ms, /\bdipasang\b/] },
});
notice('reminder', order, { kind: 'reminder' }, {
  en: { says: [/\breminder\b/, /\btomorrow\b/, /\bbooked for installation\b/], never: [done.en, /\bis installed\b/] },
  'zh-cn': { says: [/提醒/, /将于明天/], never: [done['zh-cn']] },
  ms: { says: [/peringatan/, /akan dipasang/, /\besok\b/], never: [done.ms] },
});
notice('pickupReady', pickup, { kind: 'pickupReady' }, {
  en: { says: [/\bready to collect\b/, /\bpickup code 482913\b/], never: [/\bshipped\b|on its way/] },
  'zh-cn': { says: [/已可在 Tyre & Auto SS2 领取/, /取货码 482913/], never: [/寄出/] },
  ms: { says: [/sedia untuk diambil/, /kod ambil 482913/], never: [/dipos/] },
});
notice('shipped', mail, { kind: 'shipped' }, {
  en: { says: [/\bon its way with J&T Express\b/, /\btracking number 630012345678\b/], never: [/\bdelivered\b|\breceived\b/] },
  'zh-cn': { says: [/已由 J&T Express 寄出/, /运单号 630012345678/], never: [/送达|签收/] },
  ms: { says: [/telah dipos melalui J&T Express/, /nombor penjejakan 630012345678/], never: [/diterima|sampai/] },
});
notice('refundDecided approved', order, { kind: 'refundDecided', approved: true, amountSen: 9700 }, {
  en: { says: [/\bis approved\b/, /RM 97\.00/, /\bwill be returned\b/], never: [/\bnot\b/, /\bhas been\b/] },
  'zh-cn': { says: [/已获批准/, /RM 97\.00/, /将退回/], never: [/未获/, /已退回/] },
  ms: { says: [/\bdiluluskan\b/, /RM 97\.00/, /akan dikembalikan/], never: [/tidak/, /telah dikembalikan/] },
});
notice('refundDecided rejected', order, { kind: 'refundDecided', approved: false, amountSen: 9700, note: 'Fitted already.' }, {
  en: { says: [/\bwas not approved\b/, /Fitted already\.$/], never: [/\bwill be returned\b|\brefunded\b/] },
  'zh-cn': { says: [/未获批准/, /Fitted already\.$/], never: [/退回/] },
  ms: { says: [/tidak diluluskan/, /Fitted already\.$/], never: [/dikembalikan/] },
});
notice('refundPaid', order, { kind: 'refundPaid', amountSen: 9700 }, {
  en: { says: [/RM 97\.00/, /\bhas been refunded\b/], never: [/\bwill be\b/, /\bnot\b/] },
  'zh-cn': { says: [/RM 97\.00/, /已退回/], never: [/将退回/, /未/] },
  ms: { says: [/RM 97\.00/, /telah dikembalikan/], never: [/akan dikembalikan/, /tidak diluluskan/] },
});
notice('refundDue', order, { kind: 'refundDue', amountSen: 9700 }, {
  en: { says: [/\bwe received RM 97\.00\b/, /\bcannot use\b/, /\bwill be refunded in full\b/], never: [/\bhas been\b/] },
  'zh-cn': { says: [/收到/, /无法使用/, /将全额退还/], never: [/已退回/] },
  ms: { says: [/kami menerima RM 97\.00/, /tidak dapat digunakan/, /akan dikembalikan sepenuhnya/], never: [/telah dikembalikan/] },
});
notice('refundDue coupon', order, { kind: 'refundDue', amountSen: 9700, why: 'coupon' }, {
  en: { says: [/\bcoupon was used on another order\b/, /\bstays cancelled\b/, /\bwill be refunded in full\b/], never: [/\bhas been\b/] },
  'zh-cn': { says: [/优惠券已用于另一订单/, /保持取消/, /将全额退还/], never: [/已退回/] },
  ms: { says: [/kuponnya telah digunakan pesanan lain/, /kekal batal/, /akan dikembalikan penuh/], never: [/telah dikembalikan/] },
});
notice('moneyReturned', order, { kind: 'moneyReturned', amountSen: 9700 }, {
  en: { says: [/RM 97\.00/, /\bcould not use\b/, /\bhas been returned\b/], never: [/\bwill be\b/] },
  'zh-cn': { says: [/RM 97\.00/, /无法使用/, /已退回/], never: [/将退回/] },
  ms: { says: [/RM 97\.00/, /tidak dapat digunakan/, /telah dikembalikan/], never: [/akan dikembalikan/] },
});
notice('completed (install)', order, { kind: 'completed' }, {
  en: { says: [/\bservice for order SV261216000123 at Tyre & Auto SS2 is done\b/, /\bThank you\b/, /\bMy Orders\b/], never: [/\bmoved\b|\bchanged\b/] },
  'zh-cn': { says: [/已在 Tyre & Auto SS2 完成服务/, /谢谢/, /我的订单/], never: [/改为/] },
  ms: { says: [/telah selesai/, /Terima kasih/, /Pesanan Saya/], never: [/ditukar/] },
});
notice('completed (mail)', mail, { kind: 'completed' }, {
  en: { says: [/\bis complete\b/, /\bThank you\b/, /\bMy Orders\b/], never: [/\bworkshop\b/] },
  'zh-cn': { says: [/已完成/, /谢谢/, /我的订单/], never: [/车厂/] },
  ms: { says: [/telah selesai/, /Terima kasih/, /Pesanan Saya/], never: [/bengkel/] },
});
notice('warrantyAccepted', order, { kind: 'warrantyAccepted' }, {
  en: { says: [/\bwarranty claim\b/, /\bis accepted\b/, /\bBook the free repair at Tyre & Auto SS2\b/], never: [/\bnot\b/] },
  'zh-cn': { says: [/保修索赔已受理/, /预约 Tyre & Auto SS2 的免费返修/], never: [/未获/] },
  ms: { says: [/tuntutan waranti/, /\bditerima\b/, /Tempah pembaikan percuma di Tyre & Auto SS2/], never: [/tidak/] },
});
notice('warrantyRejected', order, { kind: 'warrantyRejected', reason: 'Damage from a kerb.' }, {
  en: { says: [/\bwarranty claim\b/, /\bwas not accepted\b/, /Damage from a kerb\.$/], never: [/\bBook\b/] },
  'zh-cn': { says: [/保修索赔未获受理/, /Damage from a kerb\.$/], never: [/预约/] },
  ms: { says: [/tuntutan waranti/, /tidak diterima/, /Damage from a kerb\.$/], never: [/Tempah/] },
});
notice('warrantyRefund', order, { kind: 'warrantyRefund', amountSen: 9700 }, {
  en: { says: [/\binstead of a repair\b/, /RM 97\.00/, /\bwill be refunded\b/], never: [/\bhas been\b/] },
  'zh-cn': { says: [/以退款代替返修/, /RM 97\.00/, /将退回/], never: [/已退回/] },
  ms: { says: [/sebagai ganti pembaikan/, /RM 97\.00/, /akan dikembalikan/], never: [/telah dikembalikan/] },
});
notice('warrantyBooked', order, { kind: 'warrantyBooked', date, time }, {
  en: { says: [/\bfree warranty repair\b/, /\bbooked at Tyre & Auto SS2\b/], never: [done.en] },
  'zh-cn': { says: [/免费保修返修已预约/], never: [done['zh-cn']] },
  ms: { says: [/pembaikan waranti percuma/, /ditempah di Tyre & Auto SS2/], never: [done.ms] },
});
notice('warrantyResolved', order, { kind: 'warrantyResolved' }, {
  en: { says: [/\bwarranty repair\b/, /\bis done\b/], never: [/\bbooked\b/] },
  'zh-cn': { says: [/保修返修已完成/], never: [/预约/] },
  ms: { says: [/pembaikan waranti/, /telah siap/], never: [/ditempah/] },
});
kinds.push({
  name: 'closure',
  render: (locale) => closureSms({ orderNo: order.orderNo, locale }, { workshop: 'Tyre & Auto SS2', date, reason: 'Flood' }),
  meaning: {
    en: { says: [/\bsorry\b/, /\bTyre & Auto SS2 is closed on\b/, /\(Flood\)/, /\bRebook order SV261216000123 free in My Orders\b/], never: [done.en] },
    'zh-cn': { says: [/抱歉/, /停业/, /（Flood）/, /免费改选时间/], never: [done['zh-cn']] },
    ms: { says: [/maaf/, /Tyre & Auto SS2 tutup/, /\(Flood\)/, /Tukar masa pesanan SV261216000123 percuma/], never: [done.ms] },
  },
});
const car = 'Perodua Myvi (WXY 1234)';
kinds.push({
  name: 'car reminder service',
  render: (locale) => reminderText('service', car, date, locale).text,
  meaning: {
    en: { says: [/\bis due for its next service on\b/, /\bMy garage\b/], never: [/\bruns out\b/] },
    'zh-cn': { says: [/需要下次保养/, /我的车库/], never: [/到期/] },
    ms: { says: [/perlu diservis seterusnya/, /Garaj Saya/], never: [/tamat/] },
  },
});
for (const kind of ['roadTax', 'insurance'] as const) {
  kinds.push({
    name: `car reminder ${kind}`,
    render: (locale) => reminderText(kind, car, date, locale).text,
    meaning: {
      en: { says: [kind === 'roadTax' ? /\broad tax\b/ : /\binsurance\b/, /\bruns out on\b/, /\brenew\b/], never: [/\bservice\b/] },
      'zh-cn': { says: [kind === 'roadTax' ? /路税/ : /保险/, /到期/, /更新/], never: [/保养/] },
      ms: { says: [kind === 'roadTax' ? /cukai jalan/ : /insurans/, /\btamat\b/, /perbaharui/], never: [/diservis/] },
    },
  });
}
kinds.push({
  name: 'login code',
  render: (locale) => otpSms(locale, '482913'),
  meaning: {
    en: { says: [/\blogin code is 482913\b/, /\bNever share it\b/], never: [/\border\b/] },
    'zh-cn': { says: [/登录验证码是 482913/, /请勿告诉他人/], never: [/订单/] },
    ms: { says: [/kod log masuk anda ialah 482913/, /Jangan kongsi/], never: [/pesanan/] },
  },
});

kinds.push({
  name: 'closing code',
  render: (locale) => closeCodeSms(locale, '482913'),
  meaning: {
    en: { says: [/\bcode to CLOSE your Servauto account is 482913\b/, /\bNever share it\b/], never: [/\blog ?in\b/i, /\border\b/] },
    'zh-cn': { says: [/注销 Servauto 账户的验证码是 482913/, /请勿告诉他人/], never: [/登录/, /订单/] },
    ms: { says: [/kod untuk MENUTUP akaun Servauto anda ialah 482913/, /Jangan kongsi/], never: [/log masuk/, /pesanan/] },
  },
});
kinds.push({
  name: 'account closed',
  render: (locale) => accountClosedSms(locale),
  meaning: {
    en: { says: [/\baccount is closed\b/, /\bpersonal details are erased\b/, /\binvoices are kept\b/], never: [/\bcode\b/, /\border\b/] },
    'zh-cn': { says: [/账户已注销/, /个人资料已删除/, /发票依法保留/], never: [/验证码/, /订单/] },
    ms: { says: [/akaun anda telah ditutup/, /dipadam/, /Invois anda disimpan/], never: [/\bkod\b/, /pesanan/] },
  },
});

/** What an SMS about a date and time must carry: both, in the customer's words. */
const dated = new Set(['bookingConfirmed (install)', 'timeChanged', 'reminder', 'warrantyBooked', 'closure', 'car reminder service', 'car reminder roadTax', 'car reminder insurance']);

describe('every SMS says what happened, in every language', () => {
  test('every kind of order notice is here', () => {
    const names = new Set(kinds.map((k) => k.name.split(' ')[0]));
    const all: OrderNoticeEvent['kind'][] = ['bookingConfirmed', 'timeChanged', 'reminder', 'pickupReady', 'shipped', 'refundDecided', 'refundPaid', 'refundDue', 'moneyReturned', 'completed', 'warrantyAccepted', 'warrantyRejected', 'warrantyRefund', 'warrantyBooked', 'warrantyResolved'];
    expect(all.filter((kind) => !names.has(kind))).toEqual([]);
  });

  for (const locale of locales) {
    describe(locale, () => {
      test.each(kinds)('$name', ({ name, render, meaning }) => {
        const text = render(locale);
        const { says, never } = meaning[locale];
        expect(says.filter((re) => !re.test(text)).map(String), text).toEqual([]);
        expect(never.filter((re) => re.test(text)).map(String), text).toEqual([]);
        if (dated.has(name)) expect(text, text).toContain(dateWords(date, locale));
        if (name === 'timeChanged' || name === 'reminder' || name === 'bookingConfirmed (install)') expect(text, text).toContain(time);
      });
    });
  }
});

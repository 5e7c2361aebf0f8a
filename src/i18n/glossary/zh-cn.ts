import type { Glossary, Style } from './term.ts';

/**
 * Simplified Chinese as Malaysian customers read it: a car workshop is 车厂 (a partner one,
 * 合作车厂); 车行 is a car dealer, 门店 a shop outlet, 车间 a factory floor.
 */
export const glossary: Glossary = {
  workshop: { means: 'a partner workshop that fits, and hands over, what customers buy', use: '车厂', avoid: ['车行', '门店', '车间', '维修厂', '修车厂'] },
  pickupCode: { means: 'the 6-digit code a customer shows to collect an order', use: '取货码', avoid: ['自取码', '提货码'] },
  bay: { means: 'one place in a workshop where one car is worked on', use: '工位', avoid: ['车位', '维修位'] },
  shipped: { means: 'handed to the courier, not yet received', use: '已发货', avoid: ['已寄出', '已出货'] },
  postcode: { means: 'the 5-digit Malaysian postcode of an address', use: '邮编', avoid: ['邮区编号', '邮政编码', '邮区号'] },
  wiper: { means: 'a windscreen wiper blade', use: '雨刮', avoid: ['雨刷'] },
  labour: { means: 'the fitting work a price or an invoice charges for', use: '工时', avoid: ['工费', '人工费', '手工费'] },
};

/** Chinese typesetting as the shop's texts follow it. */
export const style: readonly Style[] = [
  { means: 'punctuation after Chinese is full width', use: '：，；？！', avoid: /\p{Script=Han}[:,;?!]/u },
  { means: 'quotation marks between Chinese are Chinese ones', use: '在“我的订单”中', avoid: /\p{Script=Han}["']\p{Script=Han}/u },
  { means: 'a space between Chinese and a Latin word or a number (dates excepted: 2026年12月1日)', use: '请输入 6 位验证码', avoid: /(?![年月])\p{Script=Han}[A-Za-z0-9]|[A-Za-z0-9](?![年月日])\p{Script=Han}/u },
  {
    means: 'a space between Chinese and a name, a code or an amount filled in (a workshop, an order number, RM …)',
    use: '到 {workshop} 安装',
    // The API's message() spaces a Latin value itself, and only a Latin one.
    skip: /^contract\/rules\/messages\//,
    avoid: /\p{Script=Han}\{(workshop|name|brand|product|company|car|code|orderNo|claimNo|refundNo|plate|phone|email|amount|price|total|trackingNo|sstNo)\}|\{(workshop|name|brand|product|company|car|code|orderNo|claimNo|refundNo|plate|phone|email|amount|price|total|trackingNo|sstNo)\}\p{Script=Han}/u,
  },
  { means: 'until a date, that day included: 之前 reads as "before"', use: '最迟于{date}、可提交至{date}（含当日）', avoid: /\}\s*之前/u },
  { means: 'a percentage without a space', use: '8%', avoid: /\d\s+%/u },
  // Years, codes, plates, names and quoted examples (“1226”) keep their digits together.
  { means: 'thousands separated by a comma', use: '1,000', avoid: /(?<!例如\s?)(?<![\w.,/"“-]|\d |[A-Z][A-Za-z]* )(?!(?:1[89]|20)\d\d(?!\d))\d{4,}(?![\w-])/u },
];

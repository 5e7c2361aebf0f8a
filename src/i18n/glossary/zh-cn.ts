import type { Glossary } from './term.ts';

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
};

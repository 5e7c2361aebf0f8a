import { describe, expect, test } from 'vitest';
import { findPersonalData, maskPersonalData } from '../../contract/rules/personal-data.ts';
import { personalDataIn } from '../../contract/rules/review-rules.ts';

/** What staff read of each find, and the words of the text it stands on. */
const finds = (text: string) => findPersonalData(text).map((f) => [f.kind, f.value, text.slice(f.start, f.end)]);

describe('phone numbers, however they are written, are held and read as staff read them', () => {
  test.each([
    ['Call me at 012-345 6789 for details', '012-345 6789', '012-345 6789'],
    ['WhatsApp +60123456789', '012-345 6789', '+60123456789'],
    ['my number 0123456789', '012-345 6789', '0123456789'],
    ['call 012/345/6789 anytime', '012-345 6789', '012/345/6789'],
    ['call ٠١٢٣٤٥٦٧٨٩ now', '012-345 6789', '٠١٢٣٤٥٦٧٨٩'],
    ['Persian digits ۰۱۲۳۴۵۶۷۸۹', '012-345 6789', '۰۱۲۳۴۵۶۷۸۹'],
    ['Devanagari ०१२३४५६७८९', '012-345 6789', '०१२३४५६७८९'],
    ['全角 ０１２－３４５ ６７８９ 谢谢', '012-345 6789', '０１２－３４５ ６７８９'],
    ['电话０１２ー３４５ー６７８９', '012-345 6789', '０１２ー３４５ー６７８９'],
    ['電話：+６０１２３４５６７８９', '012-345 6789', '+６０１２３４５６７８９'],
    ['tel: 012.345.6789.', '012-345 6789', '012.345.6789'],
    ['spelled 0 1 2 3 4 5 6 7 8 9 ok', '012-345 6789', '0 1 2 3 4 5 6 7 8 9'],
    ['+60 12-345 6789 (Ali)', '012-345 6789', '+60 12-345 6789'],
    ['(+60) 12 345 6789', '012-345 6789', '(+60) 12 345 6789'],
    ['+60 012 345 6789', '012-345 6789', '+60 012 345 6789'],
    ['nombor 6012 345 6789', '012-345 6789', '6012 345 6789'],
    ['[012] 345 6789', '012-345 6789', '[012] 345 6789'],
    ['No. telefon saya 019—876—5432', '019-876 5432', '019—876—5432'],
    ['new line 011-2345 6789', '011-2345 6789', '011-2345 6789'],
    ['office 03-7725 1234', '03-7725 1234', '03-7725 1234'],
    ['office (03) 7725-1234', '03-7725 1234', '(03) 7725-1234'],
    ['+603 7725 1234 ext', '03-7725 1234', '+603 7725 1234'],
    ['Penang 04-123 4567', '04-123 4567', '04-123 4567'],
    ['Kuching 082-123 456', '082-123 456', '082-123 456'],
    ['KK (088) 123456', '088-123 456', '(088) 123456'],
    ['5 stars 012 345 6789', '012-345 6789', '012 345 6789'],
  ])('%s → phone number %s', (text, value, written) => {
    expect(finds(text)).toEqual([['phone', value, written]]);
    expect(personalDataIn(text)).toBe('phone');
  });

  test('two numbers in one text are two finds', () => {
    expect(finds('call 012 3456789 or 03 7725 1234')).toEqual([
      ['phone', '012-345 6789', '012 3456789'],
      ['phone', '03-7725 1234', '03 7725 1234'],
    ]);
  });
});

describe('plates of every series, however they are written, are held', () => {
  test.each([
    ['My car WXY 1234 runs great now', 'WXY 1234', 'WXY 1234'],
    ['plate wxy1234', 'WXY 1234', 'wxy1234'],
    ['spaced W X Y 1 2 3 4 please', 'WXY 1234', 'W X Y 1 2 3 4'],
    ['dashed WXY-1234 (my car)', 'WXY 1234', 'WXY-1234'],
    ['dotted W.X.Y.1234', 'WXY 1234', 'W.X.Y.1234'],
    ['全角 ＷＸＹ１２３４ 谢谢', 'WXY 1234', 'ＷＸＹ１２３４'],
    ['车牌ＷＸＹ１２３４谢谢', 'WXY 1234', 'ＷＸＹ１２３４'],
    ['Arabic-Indic digits WXY ١٢٣٤', 'WXY 1234', 'WXY ١٢٣٤'],
    ['SAA 1234 A from Sabah', 'SAA 1234 A', 'SAA 1234 A'],
    ['Sabah SA-1234-A', 'SA 1234 A', 'SA-1234-A'],
    ['Sarawak QAA 1234 A', 'QAA 1234 A', 'QAA 1234 A'],
    ['Kuching QKA 1234', 'QKA 1234', 'QKA 1234'],
    ['spelled Q M A 8 8', 'QMA 88', 'Q M A 8 8'],
    ['taxi HBA 123', 'HBA 123', 'HBA 123'],
    ['KL taxi HWA 4567', 'HWA 4567', 'HWA 4567'],
    ['VAB 88 is my car', 'VAB 88', 'VAB 88'],
    ['Putrajaya F 1234 A', 'F 1234 A', 'F 1234 A'],
    ['Langkawi KV 1234', 'KV 1234', 'KV 1234'],
    ['Labuan LA 1234', 'LA 1234', 'LA 1234'],
    ['Pahang C 1234', 'C 1234', 'C 1234'],
    ['special PATRIOT 1', 'PATRIOT 1', 'PATRIOT 1'],
    ['special G1M 88', 'G1M 88', 'G1M 88'],
    ['limo LIMO 123', 'LIMO 123', 'LIMO 123'],
  ])('%s → plate %s', (text, value, written) => {
    expect(finds(text)).toEqual([['plate', value, written]]);
    expect(personalDataIn(text)).toBe('plate');
  });
});

describe('ordinary reviews are published', () => {
  test.each([
    'Great service, done in 45 minutes, 5 stars!',
    '5 stars, 2 visits',
    'Paid RM 120 for the wipers, fair price',
    'RM 159 only',
    'RM159.00 with fitting',
    '2019 Myvi, 3 services, RM 1,250',
    'Shell Helix HX8 5W-30 feels smoother',
    'Tyres 205/55 R16 fitted well at 5pm',
    'Tyres 205/55R16 91V fitted',
    '4 x 205/55 R16, 2 X 195/65 R15 and 1 x spare',
    'At 58,000 km the car drives like new',
    'At 55,000 km',
    'change again at 10,000km',
    'odometer 123456',
    'Order SV2506021234 arrived on time',
    'done on 30/12/2024 10.30am',
    'done on 2024-05-12 at 9.30',
    'booked for 05.06.2025',
    'had 2 visits, all 4 tyres changed',
    'cost me 159 and took 1 hour',
    'My BMW 2019 and the VW 2021',
    'Honda HR-V 2020 and CR-V 2018',
    'Mercedes C200 service',
    'Mazda CX-5 2.5 Turbo, Merc GLC 300',
    'Wira 1.5 GL 1996, Saga BLM 2010',
    'SAE 30 oil, ATF 4 litres',
    'Perfect 10 service',
    'Since Jun 2024 no problem',
    'wipers 24" and 16"',
    'Saya puas hati, 5 bintang, 2 kali datang',
    '服务很好，5星，等了30分钟',
    '',
  ])('not held: %j', (text) => {
    expect(findPersonalData(text)).toEqual([]);
    expect(personalDataIn(text)).toBeNull();
  });
});

describe('masking replaces exactly what was found', () => {
  test.each([
    ['Call me at 012/345/6789 for details', 'Call me at ••• for details'],
    ['call ٠١٢٣٤٥٦٧٨٩ now', 'call ••• now'],
    ['My car W X Y 1 2 3 4, great job', 'My car •••, great job'],
    ['车牌ＷＸＹ１２３４谢谢', '车牌•••谢谢'],
    ['office (03) 7725-1234.', 'office •••.'],
    ['😀 WXY 1234 and 012-345 6789 😀', '😀 ••• and ••• 😀'],
    ['Nothing here', 'Nothing here'],
  ])('%s → %s', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked);
  });
});

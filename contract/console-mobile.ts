import { z } from 'zod';
import { defineCall } from './call.ts';
import { calendarDate } from './calendar-date.ts';
import { authCodes, orderNo } from './console.ts';
import { orderStages, orderStatuses } from './rules/order-status.ts';
import { paths } from './paths.ts';

/**
 * The technician's day (docs/contracts/running-the-business.md §2): a van's jobs on a date by
 * window, each with where to go (the address, its landmark, Google Maps and Waze links) and what
 * to fit; "On the way" tells the customer when to expect the technician. Admins see every van,
 * workshop staff the vans based at their workshop.
 */
const vanJob = z
  .object({
    orderNo: z.string(),
    status: z.enum(orderStatuses),
    stage: z.enum(orderStages).nullable(),
    customer: z.string(),
    phone: z.string(),
    address: z.object({ line1: z.string(), line2: z.string().nullable(), postcode: z.string(), city: z.string(), state: z.string(), landmark: z.string().nullable() }),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
    minutes: z.number().int().meta({ description: 'Labour minutes of the job (the drive not counted).' }),
    carPlate: z.string(),
    mapsUrl: z.string().meta({ description: 'Google Maps, searching the address.' }),
    wazeUrl: z.string().meta({ description: 'Waze, navigating to the address.' }),
    onTheWayAt: z.string().nullable().meta({ description: 'When the technician said they were on the way (ISO 8601).' }),
    etaMinutes: z.number().int().nullable(),
    closedAccount: z.literal(true).optional().meta({ description: 'The customer closed the account (docs/contracts/running-the-business.md §5): name, phone and address were erased.' }),
  })
  .meta({ id: 'VanJob' });

export const consoleMobileDay = defineCall({
  path: paths.consoleMobileDay,
  summary: "A van's jobs on a date, by window: where to go and what to fit",
  tag: 'console',
  auth: true,
  fieldLabels: { vanId: { en: 'Van', 'zh-cn': '服务车', ms: 'Van' }, date: { en: 'Date', 'zh-cn': '日期', ms: 'Tarikh' } },
  request: z.strictObject({ vanId: z.string().trim().min(1, 'field.required').max(60), date: calendarDate }),
  response: z.object({
    van: z.object({ id: z.string(), name: z.string(), baseStoreId: z.string() }),
    date: z.string(),
    windows: z.array(z.object({ start: z.string(), end: z.string(), jobs: z.array(vanJob) })),
  }),
  codes: { ...authCodes, 404: 'No such van.' },
});

export const consoleMobileOnTheWay = defineCall({
  path: paths.consoleMobileOnTheWay,
  summary: 'The technician is on the way to a booked job today: the customer is told, with the expected arrival',
  tag: 'console',
  auth: true,
  fieldLabels: { orderNo: { en: 'Order number', 'zh-cn': '订单号', ms: 'Nombor pesanan' }, etaMinutes: { en: 'Minutes to arrive', 'zh-cn': '预计到达分钟数', ms: 'Minit untuk tiba' } },
  request: z.strictObject({ orderNo, etaMinutes: z.number().int().min(5).max(240) }),
  response: z.object({ orderNo: z.string(), onTheWayAt: z.string(), etaMinutes: z.number().int() }),
  codes: { ...authCodes, 404: 'No such order.', 807: 'Not a booked job at the customer\'s place for today, or already on the way.' },
});

export const consoleMobileMissed = defineCall({
  path: paths.consoleMobileMissed,
  fieldLabels: { orderNo: { en: 'Order number', 'zh-cn': '订单号', ms: 'Nombor pesanan' }, reason: { en: 'What happened', 'zh-cn': '情况说明', ms: 'Apa yang berlaku' } },
  summary: "The customer was not there, from 15 minutes into the window: the job is cancelled, the visit fee kept and the rest refunded",
  tag: 'console',
  auth: true,
  request: z.strictObject({ orderNo, reason: z.string().trim().min(1, 'field.required').max(300) }),
  response: z.object({ orderNo: z.string(), refundNo: z.string(), refundSen: z.number().int(), keptSen: z.number().int().meta({ description: 'The visit fee and its tax, kept.' }) }),
  codes: { ...authCodes, 404: 'No such order.', 807: 'Not a booked job at the customer\'s place, or earlier than 15 minutes into its window, or a refund already open.' },
});

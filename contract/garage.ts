import { z } from 'zod';
import { calendarDate, dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { fittedTyreDto } from './order-dto.ts';
import { carPlate } from './orders.ts';
import { paths } from './paths.ts';
import { MAX_ODOMETER_KM } from './rules/odometer.ts';
import { savedCar } from './vehicles.ts';

/** A car's history and what is due next (docs/contracts/after-sale.md §1): customers, their own garage cars only. */

const carId = z.uuid();
const km = z.number('field.type').int('field.type').min(0).max(MAX_ODOMETER_KM);
/** A date field the customer may clear by sending null. */
const expiry = calendarDate.nullable();

const labels = {
  plate: { en: 'Car plate number', 'zh-cn': '车牌号码', ms: 'Nombor plat kereta' },
  roadTaxExpiry: { en: 'Road tax expiry', 'zh-cn': '路税到期日', ms: 'Tarikh tamat cukai jalan' },
  insuranceExpiry: { en: 'Insurance expiry', 'zh-cn': '保险到期日', ms: 'Tarikh tamat insurans' },
  km: { en: 'Odometer (km)', 'zh-cn': '里程表（公里）', ms: 'Odometer (km)' },
  date: dateLabel,
} as const;

export const carInfoUpdate = defineCall({
  path: paths.carInfoUpdate,
  summary: "A garage car's plate and the expiry dates of its road tax and insurance; fields left out stay as they were, a date sent as null is cleared",
  tag: 'vehicles',
  auth: true,
  fieldLabels: labels,
  request: z.strictObject({
    carId,
    plate: carPlate.optional(),
    roadTaxExpiry: expiry.optional(),
    insuranceExpiry: expiry.optional(),
  }),
  response: z.array(savedCar),
  codes: { 404: 'No such car in this garage.', 807: 'A plate that is not a Malaysian plate, or a date that is not a real date.' },
});

export const odometerSource = z.enum(['staff', 'customer']);

export const odometerReading = z
  .object({ date: z.string(), km: z.number().int(), source: odometerSource })
  .meta({ id: 'OdometerReading' });

export const garageOdometer = defineCall({
  path: paths.garageOdometer,
  summary: "A customer's own odometer reading of a garage car; refused below any earlier reading (the same day's included), above one of a later day, more than 3,000 km a day above the last, or in the future",
  tag: 'vehicles',
  auth: true,
  fieldLabels: labels,
  request: z.strictObject({
    carId,
    km,
    date: calendarDate.optional().meta({ description: 'The day it was read (YYYY-MM-DD, Malaysian time); default today.' }),
  }),
  response: z.object({ carId: z.string(), odometer: z.array(odometerReading) }),
  codes: { 404: 'No such car in this garage.', 807: 'The reading does not fit the car\'s readings (the message names the reading it clashes with), or is in the future.' },
});

export const dueKind = z.enum(['service', 'roadTax', 'insurance']);

export const dueItem = z
  .object({
    kind: dueKind,
    dueDate: z.string(),
    dueKm: z.number().int().optional(),
    basis: z.string().meta({ description: 'Why this date, in words in the caller\'s language: "in about 3 weeks, at ~58,000 km: you drive ~40 km a day".' }),
    rule: z.enum(['date', 'km', 'neverServiced', 'expiry']).meta({ description: 'Which rule decided the date.' }),
    daysLeft: z.number().int().meta({ description: 'Days from today (KL) to the due date; negative when overdue.' }),
    kmPerDay: z.number().optional(),
    productId: z.string().optional().meta({ description: 'For a service: the service product due again.' }),
    name: z.string().optional().meta({ description: 'For a service: the product\'s name in the caller\'s language.' }),
  })
  .meta({ id: 'DueItem' });

export const serviceItem = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  tyres: z.array(fittedTyreDto).meta({ description: 'Tyres fitted, with their date codes and age when fitted.' }),
});

export const garageHistory = defineCall({
  path: paths.garageHistory,
  summary: "A garage car's history: its completed installations, its odometer readings and what is due next (a service by months or predicted km, road tax, insurance)",
  tag: 'vehicles',
  auth: true,
  request: z.strictObject({ carId }),
  response: z.object({
    car: savedCar,
    services: z.array(
      z.object({
        orderNo: z.string(),
        date: z.string(),
        storeId: z.string(),
        storeName: z.string(),
        items: z.array(serviceItem),
        odometerKm: z.number().int().optional(),
      }),
    ),
    odometer: z.array(odometerReading),
    due: z.array(dueItem),
    reminders: z
      .array(
        z.object({
          kind: dueKind,
          dueDate: z.string(),
          daysBefore: z.number().int().meta({ description: 'Days before the due date the reminder was for (0: on the day).' }),
          sentAt: z.string().meta({ description: 'ISO 8601 time it was sent.' }),
          sent: z.boolean().meta({ description: 'False when the SMS provider refused it.' }),
          byEmail: z.boolean().meta({ description: 'Also sent by e-mail.' }),
        }),
      )
      .meta({ description: 'The reminders sent about this car (docs/contracts/after-sale.md §2), newest first.' }),
  }),
  codes: { 404: 'No such car in this garage.' },
});
export type GarageHistory = z.infer<typeof garageHistory.response>;

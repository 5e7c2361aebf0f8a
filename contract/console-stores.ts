import { z } from 'zod';
import { calendarDate, dateLabel } from './calendar-date.ts';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';
import { authCodes, CLOSURE_REASON_MAX, storeId } from './console.ts';

/**
 * The console's workshops: admins close one for a day, staff see the bookings a closure meets,
 * and the list of workshops each staff member may act for.
 */

export const consoleStoresClosure = defineCall({
  path: paths.consoleStoresClosure,
  summary: "Admins: close a workshop for a day (today or later); no time is offered that day, and the day's booked customers are told by SMS and may rebook free of the 24-hour rule and the change limit",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({
    storeId,
    date: calendarDate.meta({ description: 'The day closed (YYYY-MM-DD, Malaysian time).' }),
    reason: z.string('console.reasonRequired').trim().min(1, 'console.reasonRequired').max(CLOSURE_REASON_MAX, 'console.reasonTooLong'),
  }),
  response: z.object({ storeId: z.string(), date: z.string(), reason: z.string(), told: z.number().int().meta({ description: 'Booked orders whose customers were told.' }) }),
  codes: { ...authCodes, 404: 'No such workshop.', 807: 'A date in the past, or the workshop is already closed that day.' },
});

export const consoleStoresBookings = defineCall({
  path: paths.consoleStoresBookings,
  summary: "Admins, before closing a workshop's day: how many booked installations that day holds (the customers a closure would tell)",
  tag: 'console',
  auth: true,
  fieldLabels: { date: dateLabel },
  request: z.strictObject({ storeId, date: calendarDate.meta({ description: 'The day (YYYY-MM-DD, Malaysian time).' }) }),
  response: z.object({ storeId: z.string(), date: z.string(), bookings: z.number().int().meta({ description: 'Paid installations booked at the workshop that day and not yet started.' }) }),
  codes: { ...authCodes, 404: 'No such workshop.' },
});

export const consoleStoresList = defineCall({
  path: paths.consoleStoresList,
  summary: 'The workshops staff may work on (all for admins, their own for workshop staff), by state, town and name, with their closed days from today',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        city: z.string().meta({ description: 'Its town, a CITY dictionary value (e.g. "kota-kinabalu").' }),
        state: z.string().meta({ description: 'Its state, as the workshop content names it (e.g. "Sabah").' }),
        bays: z.number().int(),
        closures: z.array(z.object({ date: z.string(), reason: z.string() })),
      })
      .meta({ id: 'ConsoleStore' }),
  ),
  codes: authCodes,
});

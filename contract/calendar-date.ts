import { z } from 'zod';
import { isIsoDate } from './rules/kl-calendar.ts';

/**
 * The one schema of a date in a request: a calendar date written YYYY-MM-DD, Kuala Lumpur.
 * The pattern is for the OpenAPI document; the calendar check (isIsoDate) refuses the dates the
 * pattern lets through (2026-02-30, 2026-13-01, 2026-02-29), which the database would otherwise
 * refuse with an error. Either way the message is `field.date`, naming the field.
 */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field.date')
  .refine(isIsoDate, 'field.date')
  .meta({ format: 'date', description: 'A calendar date, YYYY-MM-DD, Kuala Lumpur.', example: '2026-06-04' });

/** What a date field is called in messages. */
export const dateLabel = { en: 'Date', 'zh-cn': '日期', ms: 'Tarikh' } as const;

import { klInstant } from '../../contract/rules/kl-calendar.ts';
import { CAR_REMINDERS_JOB } from '../../server/jobs/car-reminders.ts';
import { scheduleJob } from '../../server/jobs/queue.ts';
import type { TestApi } from './harness.ts';

export const CONSENT = '/api/app/user/consent';

/** Moves the test clock forward to a KL date and time. */
export function moveTo(api: TestApi, date: string, time: string) {
  const seconds = (klInstant(date, time).getTime() - api.now().getTime()) / 1000;
  if (seconds < 0) throw new Error(`the clock runs forward only: ${date} ${time} is past`);
  api.advance(seconds);
}

/** One run of the hourly reminder planner at the clock's time, as the worker would run it. */
export async function planNow(api: TestApi, tag = 'test') {
  const now = api.now();
  await scheduleJob(api.db, { kind: CAR_REMINDERS_JOB, key: `${tag}:${now.toISOString()}`, runAt: now, payload: {} }, now);
  await api.runJobs();
}

/** The reminder SMS the console provider wrote (login codes left out). */
/** The car reminders sent (due for its next service, road tax or insurance running out), not the orders' own SMS. */
export const reminderSms = (api: TestApi) =>
  api.smsLines.filter((l) => l.startsWith('[sms] to ') && /(is due for its next service|runs out on|perlu diservis|tamat pada|需要下次保养|到期)/.test(l));

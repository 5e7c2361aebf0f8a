import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/rules/language.ts';
import { message } from '../../../contract/rules/messages.ts';
import type { ReminderPurpose, UserConsent } from '../../../contract/consent.ts';
import type { Db } from '../../db/client.ts';
import { reminderConsents } from './schema.ts';
import { holdOpenAccount } from '../auth/service.ts';

const PURPOSES: readonly ReminderPurpose[] = ['serviceReminders', 'expiryReminders'];

/** The sentence shown beside a purpose's switch, in the customer's language. */
export const consentWording = (purpose: ReminderPurpose, locale: Locale) => message(locale, `consent.${purpose}`);

/** The consent in force: each purpose's latest change, off when there is none. */
export async function consentOf(db: Db, userId: string, locale: Locale): Promise<UserConsent> {
  const rows = await db
    .select()
    .from(reminderConsents)
    .where(and(eq(reminderConsents.userId, userId), inArray(reminderConsents.purpose, [...PURPOSES])))
    .orderBy(desc(reminderConsents.id));
  const latest = (p: ReminderPurpose) => rows.find((r) => r.purpose === p)?.granted ?? false;
  return {
    serviceReminders: latest('serviceReminders'),
    expiryReminders: latest('expiryReminders'),
    wording: { serviceReminders: consentWording('serviceReminders', locale), expiryReminders: consentWording('expiryReminders', locale) },
    history: rows.map((r) => ({ purpose: r.purpose as ReminderPurpose, granted: r.granted, at: r.at.toISOString(), wording: r.wording })),
  };
}

/**
 * Records each purpose the customer changed (a repeat of the state in force is not a change),
 * with the words shown. A reminder is planned only while its purpose is on, so turning one off
 * leaves nothing of it to send. The user's rows are locked so two changes at once stay in order.
 */
export async function changeConsent(db: Db, userId: string, change: Partial<Record<ReminderPurpose, boolean>>, locale: Locale, now: Date): Promise<UserConsent> {
  await db.transaction(async (tx) => {
    await holdOpenAccount(tx, userId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consent:${userId}`}, 0))`);
    const before = await consentOf(tx, userId, locale);
    const changed = PURPOSES.filter((p) => change[p] !== undefined && change[p] !== before[p]);
    if (!changed.length) return;
    await tx.insert(reminderConsents).values(
      changed.map((purpose) => ({ userId, purpose, granted: change[purpose]!, wording: consentWording(purpose, locale), locale, at: now })),
    );
  });
  return consentOf(db, userId, locale);
}

/** Every customer with a purpose on, and which: the planner reminds only them. */
export async function consentingUsers(db: Db): Promise<Map<string, Set<ReminderPurpose>>> {
  const rows = await db
    .selectDistinctOn([reminderConsents.userId, reminderConsents.purpose], {
      userId: reminderConsents.userId,
      purpose: reminderConsents.purpose,
      granted: reminderConsents.granted,
    })
    .from(reminderConsents)
    .where(inArray(reminderConsents.purpose, [...PURPOSES]))
    .orderBy(reminderConsents.userId, reminderConsents.purpose, desc(reminderConsents.id));
  const on = new Map<string, Set<ReminderPurpose>>();
  for (const r of rows) {
    if (!r.granted) continue;
    on.set(r.userId, (on.get(r.userId) ?? new Set()).add(r.purpose as ReminderPurpose));
  }
  return on;
}

/** The latest locale a customer chose consent in: the language of their reminders when no order tells it. */
export async function consentLocale(db: Db, userId: string): Promise<Locale | undefined> {
  const [row] = await db
    .select({ locale: reminderConsents.locale })
    .from(reminderConsents)
    .where(and(eq(reminderConsents.userId, userId), inArray(reminderConsents.purpose, [...PURPOSES])))
    .orderBy(desc(reminderConsents.id))
    .limit(1);
  return row?.locale as Locale | undefined;
}

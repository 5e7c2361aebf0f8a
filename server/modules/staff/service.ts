import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { staffRoles, type StaffRole } from '../../../contract/console.ts';
import { checkPhone, toE164 } from '../../../contract/rules/phone.ts';
import type { Db } from '../../db/client.ts';
import { staff } from './schema.ts';

export type StaffRow = typeof staff.$inferSelect;

/** A phone as people write it ("+60 10-000 0001"): spaces, dashes and dots go before the mobile check. */
export function staffPhone(input: string): { ok: true; phone: string } | { ok: false; problem: string } {
  const squashed = input.replace(/[\s.\-()]/g, '');
  const problem = checkPhone(squashed);
  return problem ? { ok: false, problem } : { ok: true, phone: toE164(squashed) };
}

export interface StaffEntry {
  phone: string;
  role: StaffRole;
  storeId: string | null;
}

/**
 * Checks what someone asks to add, against the workshops known: a workshop role needs one of
 * them, an admin none. The answer is the entry as stored, or the problem in plain words.
 */
export function checkStaffEntry(input: { phone?: string; role?: string; store?: string }, workshopIds: ReadonlySet<string>): { ok: true; entry: StaffEntry } | { ok: false; problem: string } {
  if (!input.phone) return { ok: false, problem: 'a phone number is required (--phone "+60 12-345 6789")' };
  const phone = staffPhone(input.phone);
  if (!phone.ok) return { ok: false, problem: `"${input.phone}" is not a Malaysian mobile number` };
  if (!input.role || !(staffRoles as readonly string[]).includes(input.role)) return { ok: false, problem: `the role must be ${staffRoles.join(' or ')} (--role)` };
  const role = input.role as StaffRole;
  if (role === 'admin') {
    if (input.store) return { ok: false, problem: 'an admin works for every workshop: leave out --store' };
    return { ok: true, entry: { phone: phone.phone, role, storeId: null } };
  }
  if (!input.store) return { ok: false, problem: 'workshop staff need their workshop (--store <id>)' };
  if (!workshopIds.has(input.store)) return { ok: false, problem: `there is no workshop "${input.store}"` };
  return { ok: true, entry: { phone: phone.phone, role, storeId: input.store } };
}

/** The staff member logging in with `phone` now, or undefined (customers, removed staff). */
export async function currentStaff(db: Db, phone: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(and(eq(staff.phone, phone), isNull(staff.removedAt)));
  return row;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).where(isNull(staff.removedAt)).orderBy(asc(staff.role), asc(staff.storeId), asc(staff.phone));
}

/**
 * Adds a staff member, or changes the role and workshop of one already there (the old row is
 * closed, so the audit log's older rows keep what they were then). Unchanged: nothing happens.
 */
export async function addStaff(db: Db, entry: StaffEntry, addedBy: string, now: Date): Promise<{ row: StaffRow; change: 'added' | 'changed' | 'unchanged' }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(staff).where(and(eq(staff.phone, entry.phone), isNull(staff.removedAt))).for('update');
    if (current && current.role === entry.role && current.storeId === entry.storeId) return { row: current, change: 'unchanged' as const };
    if (current) await tx.update(staff).set({ removedAt: now }).where(eq(staff.id, current.id));
    const [row] = await tx.insert(staff).values({ ...entry, addedBy, addedAt: now }).returning();
    return { row: row!, change: current ? ('changed' as const) : ('added' as const) };
  });
}

/** Ends a staff member's access: their next console call is refused. False when there was none. */
export async function removeStaff(db: Db, phone: string, now: Date): Promise<boolean> {
  const rows = await db.update(staff).set({ removedAt: now }).where(and(eq(staff.phone, phone), isNull(staff.removedAt))).returning({ id: staff.id });
  return rows.length > 0;
}

/** content/staff.json: the demo staff (docs/contracts/orders.md §4). */
export const staffFile = z.strictObject({
  staff: z.array(z.strictObject({ phone: z.string(), role: z.enum(staffRoles), storeId: z.string().optional() })),
});

/**
 * Adds the content's staff whose phone has never been staff. From then on the command
 * (scripts/staff.ts) has the say: a phone it removed or changed stays as it left it, whatever
 * the next start reads here. Two servers starting at once add a phone once (the unique index).
 */
export async function syncStaff(db: Db, file: z.output<typeof staffFile>, workshopIds: ReadonlySet<string>, now: Date) {
  for (const s of file.staff) {
    const checked = checkStaffEntry({ phone: s.phone, role: s.role, store: s.storeId }, workshopIds);
    if (!checked.ok) throw new Error(`content/staff.json: ${checked.problem}`);
    const [known] = await db.select({ id: staff.id }).from(staff).where(eq(staff.phone, checked.entry.phone)).limit(1);
    if (!known) await db.insert(staff).values({ ...checked.entry, addedBy: 'content', addedAt: now }).onConflictDoNothing();
  }
}

import { Code } from '../../../contract/codes.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import { beyondPromise, readDotDate, readDotFull } from '../../../contract/rules/tyre-date.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import { isTyreLine, linesOf, tyrePhotosInUse, type NewOrderLineTyre, type OrderRow } from '../../modules/orders/service.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import { ownedUploads } from '../../storage/service.ts';

export interface TyreInput {
  lineId: string;
  dot: string;
  dotFull?: string;
  photoId?: string;
}

export interface FittedTyresInput {
  tyres?: TyreInput[];
  override?: { reason: string };
  /** Tyres whose DOT date codes are not among those reserved for the order: fitted for this reason. */
  notReserved?: { reason: string };
  /** The staff member's user id: their uploads are the photos they may attach. */
  userId: string;
}

/**
 * The tyres an installation fitted, checked as it completes (docs/contracts/going-live.md §2): one DOT date code
 * per tyre of each tyre line, a real week that has begun, no older than the shop's promise
 * (`maxTyreAgeMonths`) unless an admin gives a reason; a whole DOT code ending with the date code;
 * a sidewall photo this staff member uploaded and no other tyre carries. Every refusal is a 807
 * naming the tyre (1, 2, … in the order given; its field "tyres.<index>.dot" in the answer's data)
 * and changes nothing: the caller's transaction ends.
 */
export async function fittedTyres(
  tx: Db,
  who: StaffRow,
  order: OrderRow,
  input: FittedTyresInput,
  maxMonths: number,
  now: Date,
  reservedDots: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<{ rows: NewOrderLineTyre[]; overridden: number; notReserved: number }> {
  const tyreLines = (await linesOf(tx, order.id)).filter(isTyreLine);
  const given = input.tyres ?? [];
  const expected = tyreLines.reduce((n, l) => n + l.quantity, 0);
  if (expected === 0) {
    if (given.length) throw warning('tyre.unknownLine', {}, { field: 'tyres' });
    return { rows: [], overridden: 0, notReserved: 0 };
  }
  if (given.length === 0) throw warning('tyre.needed', { count: expected }, { field: 'tyres' });
  for (const [i, t] of given.entries()) {
    if (!tyreLines.some((l) => l.id === t.lineId)) throw warning('tyre.unknownLine', { n: i + 1 }, { field: `tyres.${i}.lineId` });
  }
  for (const line of tyreLines) {
    if (given.filter((t) => t.lineId === line.id).length !== line.quantity) throw warning('tyre.count', { name: line.name, count: line.quantity }, { field: 'tyres' });
  }

  const fittedOn = klDate(now);
  const photos = given.flatMap((t) => (t.photoId ? [t.photoId] : []));
  const owned = new Set((await ownedUploads(tx, input.userId, photos)).map((u) => u.key));
  const used = new Set(await tyrePhotosInUse(tx, photos));
  const rows: NewOrderLineTyre[] = [];
  let overridden = 0;
  let notReserved = 0;
  for (const [i, t] of given.entries()) {
    const n = i + 1;
    // The field names the tyre as the call's own checks do ("tyres.2.dot"), so a form shows the refusal by it.
    const at = (field: 'dot' | 'dotFull' | 'photoId', more: Record<string, unknown> = {}) => ({ field: `tyres.${i}.${field}`, ...more });
    const read = readDotDate(t.dot, fittedOn);
    if ('problem' in read) throw warning(read.problem, { n, ...read.params }, at('dot'));
    const { date } = read;
    let dotFull: string | null = null;
    if (t.dotFull !== undefined && t.dotFull.trim() !== '') {
      const full = readDotFull(t.dotFull, t.dot);
      if ('problem' in full) throw warning(full.problem, { n, dot: t.dot }, at('dotFull'));
      dotFull = full.dotFull;
    }
    if (t.photoId && (!owned.has(t.photoId) || used.has(t.photoId) || photos.indexOf(t.photoId) !== photos.lastIndexOf(t.photoId))) {
      throw warning('tyre.photo', { n }, at('photoId'));
    }
    const old = beyondPromise(date, fittedOn, maxMonths);
    // `tooOld`: an admin may fit it all the same, with a reason.
    if (old && !input.override) throw warning('tyre.dotTooOld', { n, week: date.madeWeek, year: date.madeYear, months: maxMonths }, at('dot', { tooOld: true }));
    if (old && who.role !== 'admin') throw new DomainError(Code.FORBIDDEN, 'tyre.overrideAdminOnly', {}, at('dot'));
    if (old) overridden += 1;
    rows.push({
      orderId: order.id,
      lineId: t.lineId,
      position: n,
      dot: t.dot,
      dotFull,
      photoKey: t.photoId ?? null,
      madeWeek: date.madeWeek,
      madeYear: date.madeYear,
      madeOn: date.madeOn,
      fittedOn,
      ageMonthsAtFitting: date.ageMonthsAtFitting,
      beyondPromise: old,
      overrideReason: old ? input.override!.reason : null,
      recordedAt: now,
    });
  }
  // Every tyre checked first: then a batch other than those reserved for its line (docs/guide.md, Stock) is fitted with a reason only.
  for (const [i, t] of given.entries()) {
    const dots = reservedDots.get(t.lineId) ?? [];
    if (dots.length === 0 || dots.includes(t.dot)) continue;
    if (!input.notReserved) throw warning('stock.dotNotReserved', { n: i + 1, dot: t.dot, dots: dots.join(', ') }, { field: `tyres.${i}.dot`, notReserved: true });
    notReserved += 1;
  }
  return { rows, overridden, notReserved };
}

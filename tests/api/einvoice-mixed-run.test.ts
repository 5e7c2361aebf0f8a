import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { scheduleEinvoiceConsolidation } from '../../server/jobs/einvoice-consolidation.ts';
import { twoApiProcesses, type TestApi } from './harness.ts';
import { ADMIN_PHONE, C, staffKeys } from './console-fixtures.ts';
import { business, consolidated, E, FIND_EINVOICE, individual, requestEinvoice } from './einvoice-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { installOrder, mailOrder, rows } from './order-fixtures.ts';
import { moveTo } from './reminder-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The clock's step between two rounds of both workers: a submission's first polls wait 2 s, a note waiting for its original 60 s. */
const STEP_SECONDS = 5;
/** Enough rounds to pass the ten-minute safety job too, so a document left behind would still be picked up, and seen. */
const MAX_ROUNDS = 200;
const EINVOICE_JOBS = sql`kind in ('einvoice.submit', 'einvoice.note')`;

interface DocumentRow {
  id: string;
  type: string;
  document_no: string;
  status: string;
  order_no: string | null;
  uuid: string | null;
  refers_to: string | null;
  total_sen: number;
  attempts: number;
  errors: unknown[];
}

// Two app instances on two connection pools, as two API processes each running the job worker.
describe.skipIf(!onPostgres)("a month's e-invoices, notes and consolidation run by two processes at once (needs PostgreSQL: PGlite runs one transaction at a time)", () => {
  const apis = twoApiProcesses(scratchDataDir);

  /** Both workers at the same moment, then the clock moves on, until no e-invoice job is left: the rounds it took. */
  async function settleBoth(): Promise<number> {
    const { a, b } = apis;
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      await Promise.all([a.runJobs(), b.runJobs()]);
      const [left] = await rows<{ n: number }>(a, sql`select count(*)::int as n from jobs where done_at is null and ${EINVOICE_JOBS}`);
      if (left!.n === 0) return round;
      a.advance(STEP_SECONDS);
    }
    const left = await rows(a, sql`select kind, key, run_at, attempts, last_error from jobs where done_at is null and ${EINVOICE_JOBS} order by run_at`);
    const waiting = await rows(a, sql`select type, document_no, status, attempts, errors from einvoice_documents where status not in ('VALID', 'CANCELLED') order by document_no`);
    throw new Error(`e-invoice jobs still pending after ${MAX_ROUNDS} rounds: ${JSON.stringify(left)}; documents not at rest: ${JSON.stringify(waiting)}`);
  }

  /** The customer asks through one process; the admin approves and the sandbox pays it back through it too. */
  async function refund(api: TestApi, keys: { customer: string; admin: string }, orderNo: string, amountSen?: number) {
    const asked = await api.request(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, { userKey: keys.customer });
    expect(asked.code, `refund of ${orderNo}: ${asked.msg}`).toBe(200);
    const approved = await api.request(C.review, { orderNo, decision: 'approve', note: 'Sorry about that' }, { userKey: keys.admin });
    expect(approved.code, `approval of ${orderNo}: ${approved.msg}`).toBe(200);
    await api.payments.idle();
  }

  const documents = () =>
    rows<DocumentRow>(
      apis.a,
      sql`select d.id, d.type, d.document_no, d.status, o.order_no, d.uuid, d.refers_to, d.total_sen, d.attempts, d.errors
          from einvoice_documents d left join orders o on o.id = d.order_id
          order by d.type, o.order_no, d.document_no`,
    );

  test('invoices, refund notes (one waiting for its invoice, two at once on one order, one on the consolidation), a cancellation and the consolidation: each VALID (the one cancelled CANCELLED), each at MyInvois once', async () => {
    const { a, b } = apis;
    const k = await staffKeys(a);

    // June: orders whose buyers ask for their own e-invoice, through either process…
    const noteOnce = await paidOrder(a, k.customer, mailOrder());
    const noteTwice = await paidOrder(b, k.customer, installOrder());
    const cancelled = await paidOrder(a, k.customer, mailOrder());
    const untouched = await paidOrder(b, k.customer, mailOrder());
    const early = await paidOrder(a, k.customer, mailOrder());
    const asked = await Promise.all([
      requestEinvoice(a, k.customer, noteOnce, individual()),
      requestEinvoice(b, k.customer, noteTwice, business()),
      requestEinvoice(b, k.customer, cancelled, individual()),
      requestEinvoice(a, k.customer, untouched, business()),
      requestEinvoice(b, k.customer, early, individual()),
    ]);
    expect(asked.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    // …and orders left to the month's consolidation.
    const plain = await paidOrder(a, k.customer, mailOrder());
    const plainInstall = await paidOrder(b, k.customer, installOrder());
    const partlyBack = await paidOrder(a, k.customer, mailOrder());
    const laterBack = await paidOrder(b, k.customer, mailOrder());

    // A part refund while its e-invoice is still on its way: its note waits for it.
    await refund(b, k, early, 1000);
    // A part refund of an order in no e-invoice yet: the consolidation counts what it kept.
    await refund(a, k, partlyBack, 500);
    const invoicesRounds = await settleBoth();

    // Refunds once the invoices are valid: part refunds get notes (two on one order, their jobs run by the two
    // processes at once), a full refund within 72 hours cancels.
    await refund(a, k, noteOnce, 1000);
    await refund(b, k, noteTwice, 1000);
    await refund(a, k, noteTwice, 2000);
    await refund(b, k, cancelled);
    const notesRounds = await settleBoth();

    // July: the hourly job, scheduled in June's last hour, consolidates June in one process while an admin
    // presses Consolidate in the other.
    moveTo(a, '2025-06-30', '23:30');
    await scheduleEinvoiceConsolidation(a.db, a.now());
    moveTo(a, '2025-07-01', '00:05');
    const july = {
      admin: (await a.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' })).userKey,
      customer: (await a.login('0123456789', { address: '10.0.0.4' })).userKey,
    };
    const [, pressed] = await Promise.all([a.runJobs(), b.request(E.consolidate, { month: '2025-06' }, { userKey: july.admin })]);
    expect([200, 807], pressed.msg).toContain(pressed.code);
    const [cons, ...moreCons] = await consolidated(a);
    expect(moreCons).toEqual([]);
    expect(cons!.document_no).toBe('CONS-2025-06');
    const inCons = await rows<{ order_no: string }>(a, sql`select order_no from einvoice_receipts where document_id = ${cons!.id} order by order_no`);
    expect(inCons.map((r) => r.order_no).sort()).toEqual([plain, plainInstall, partlyBack, laterBack].sort());
    // A part refund of a consolidated order, while the consolidation is on its way: a note naming it, once it is valid.
    await refund(b, july, laterBack, 700);
    const julyRounds = await settleBoth();

    // Every document at rest: VALID, but for the invoice cancelled on purpose.
    const docs = await documents();
    const unsettled = docs.filter((d) => d.status !== (d.type === 'invoice' && d.order_no === cancelled ? 'CANCELLED' : 'VALID'));
    expect(unsettled, `rounds: ${invoicesRounds}/${notesRounds}/${julyRounds}`).toEqual([]);
    expect(docs.filter((d) => d.errors.length)).toEqual([]);
    const ofType = (type: string) => docs.filter((d) => d.type === type);
    expect(ofType('invoice').map((d) => d.order_no).sort()).toEqual([noteOnce, noteTwice, cancelled, untouched, early].sort());
    expect(ofType('consolidated').map((d) => d.document_no)).toEqual(['CONS-2025-06']);
    expect(ofType('refund-note').map((d) => `${d.order_no} ${d.total_sen}`).sort()).toEqual([`${early} 1000`, `${noteOnce} 1000`, `${noteTwice} 1000`, `${noteTwice} 2000`, `${laterBack} 700`].sort());
    expect(docs).toHaveLength(11);

    // What the customer sees of each order's own e-invoice.
    for (const orderNo of [noteOnce, noteTwice, cancelled, untouched, early]) {
      const found = await b.request(FIND_EINVOICE, { orderNo }, { userKey: july.customer });
      expect(found.code, found.msg).toBe(200);
      expect({ orderNo, status: found.data.document.status }).toEqual({ orderNo, status: orderNo === cancelled ? 'CANCELLED' : 'VALID' });
    }

    // Each document reached MyInvois once, under its own code number and UUID, and came out as the shop says.
    const atMyInvois = await rows<{ code: string; n: number }>(
      a,
      sql`select record->>'codeNumber' as code, count(*)::int as n from myinvois_double_documents group by 1 order by 1`,
    );
    const byCode = (x: { code: string }, y: { code: string }) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0);
    expect(atMyInvois.sort(byCode)).toEqual(docs.map((d) => ({ code: d.document_no, n: 1 })).sort(byCode));
    const mismatched = await rows(
      a,
      sql`select d.document_no, d.status, d.uuid, m.uuid as double_uuid, m.outcome, m.cancelled_at
          from einvoice_documents d left join myinvois_double_documents m on m.record->>'codeNumber' = d.document_no
          where m.uuid is distinct from d.uuid or m.outcome <> 'Valid' or (m.cancelled_at is null) <> (d.status = 'VALID')`,
    );
    expect(mismatched).toEqual([]);

    // Every refund note names the valid document that covers its order, and MyInvois holds that one as Valid.
    const notes = await rows(
      a,
      sql`select n.document_no, n.refers_to, o.document_no as original, o.status, o.type, m.outcome, m.cancelled_at
          from einvoice_documents n
          join einvoice_receipts r on r.order_id = n.order_id
          left join einvoice_documents o on o.uuid = n.refers_to
          left join myinvois_double_documents m on m.uuid = n.refers_to
          where n.type = 'refund-note' and (o.id is distinct from r.document_id or o.status <> 'VALID' or m.outcome <> 'Valid' or m.cancelled_at is not null)`,
    );
    expect(notes).toEqual([]);

    // Nothing left behind: no e-invoice job pending or failed, and no document needed the ten-minute safety job.
    const troubled = await rows(a, sql`select kind, key, attempts, last_error, done_at from jobs where ${EINVOICE_JOBS} and (done_at is null or last_error is not null or (key like '%:safety' and attempts > 0))`);
    expect(troubled).toEqual([]);
  }, 120_000);
});

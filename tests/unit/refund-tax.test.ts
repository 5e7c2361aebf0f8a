import { describe, expect, test } from 'vitest';
import { serviceTax } from '../../contract/rules/price.ts';
import { addCredited, creditNoteParts, NOTHING_CREDITED, type Credited, type InvoicedOrder } from '../../server/modules/invoices/credit-lines.ts';
import { creditedFigures, type CreditNoteRow } from '../../server/modules/invoices/service.ts';
import { noteAmounts, type ChargedOrder, type EinvoiceLineInput } from '../../server/providers/einvoice/ubl/index.ts';

/**
 * One refund, two legal documents with the same CN- number: the credit note and the e-invoice
 * refund note. Over many part refunds of many orders they state the same parts, labour and
 * service tax, to the sen.
 */

/** A small seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), chance: (p: number) => next() < p };
}

interface Case {
  invoiced: InvoicedOrder & { labourSen: number };
  charged: ChargedOrder;
  amountSen: number;
}

/** An order of one to four lines (parts, fitting labour with its tax, quantities), delivery and a coupon, and a refund of it. */
function randomCase(r: ReturnType<typeof seeded>): Case {
  const lines: EinvoiceLineInput[] = [];
  for (let i = 0, n = r.int(1, 4); i < n; i++) {
    const quantity = r.int(1, 4);
    const labourUnit = r.chance(0.3) ? 0 : r.int(1_000, 25_000);
    const partsUnit = labourUnit > 0 && r.chance(0.2) ? 0 : r.int(500, 60_000);
    const taxUnit = serviceTax(labourUnit);
    const partsSen = partsUnit * quantity;
    const labourSen = labourUnit * quantity;
    const serviceTaxSen = taxUnit * quantity;
    lines.push({ description: `line ${i}`, quantity, unitSen: partsUnit + labourUnit + taxUnit, partsSen, labourSen, serviceTaxSen, totalSen: partsSen + labourSen + serviceTaxSen, classification: labourSen > 0 ? '030' : '022' });
  }
  const goods = lines.reduce((s, l) => s + l.totalSen, 0);
  const deliveryFeeSen = r.chance(0.4) ? r.int(500, 2_500) : 0;
  const discountSen = r.chance(0.3) ? r.int(100, Math.max(100, Math.floor(goods / 3))) : 0;
  const totalSen = goods + deliveryFeeSen - discountSen;
  const amountSen = r.chance(0.05) ? totalSen : r.int(1, totalSen);
  const labourSen = lines.reduce((s, l) => s + l.labourSen, 0);
  const serviceTaxSen = lines.reduce((s, l) => s + l.serviceTaxSen, 0);
  return {
    invoiced: { lines: lines.map((l, i) => ({ productId: `p${i}`, name: l.description, quantity: l.quantity, totalSen: l.totalSen, labourSen: l.labourSen })), serviceTaxSen, totalSen, labourSen },
    charged: { lines, deliveryFeeSen, discountSen },
    amountSen,
  };
}

/** The credit note as issued and kept (issueCreditNote); `kept: false` is one issued before its figures were kept. */
function issued(c: Case, kept = true): CreditNoteRow {
  const parts = creditNoteParts(c.invoiced, c.amountSen);
  return {
    id: 'n',
    creditNoteNo: 'CN-000001',
    invoiceNo: 'INV-000001',
    orderId: 'o',
    refundId: 'r',
    refundNo: 'R1',
    issuedAt: new Date(0),
    amountSen: c.amountSen,
    serviceTaxSen: parts.serviceTaxSen,
    partsSen: kept ? parts.partsSen : null,
    labourSen: kept ? parts.labourSen : null,
    lines: parts.lines,
  };
}

/** The e-invoice refund note's figures, as the note flow builds them from the credit note. */
function refundNote(c: Case, note: CreditNoteRow | undefined) {
  const amounts = noteAmounts(c.charged, c.amountSen, 'Refund', creditedFigures(note, c.invoiced, c.amountSen));
  const sum = (pick: (l: EinvoiceLineInput) => number) => amounts.lines.reduce((s, l) => s + pick(l), 0);
  return { partsSen: sum((l) => l.partsSen) + (amounts.deliveryFeeSen ?? 0) - (amounts.discountSen ?? 0), labourSen: sum((l) => l.labourSen), serviceTaxSen: sum((l) => l.serviceTaxSen) };
}

/** Each document's figures; the count of refunds where they differ and the largest difference in sen. */
function compare(cases: Case[], kept: boolean) {
  let differing = 0;
  let most = 0;
  for (const c of cases) {
    const credit = issued(c, kept);
    const expected = creditNoteParts(c.invoiced, c.amountSen);
    const note = refundNote(c, credit);
    const gap = Math.max(Math.abs(note.serviceTaxSen - expected.serviceTaxSen), Math.abs(note.labourSen - expected.labourSen), Math.abs(note.partsSen - expected.partsSen));
    if (gap > 0) differing += 1;
    most = Math.max(most, gap);
  }
  return { differing, most };
}

const cases = (() => {
  const r = seeded(26);
  return Array.from({ length: 5_000 }, () => randomCase(r));
})();

describe('one refund, one tax figure', () => {
  test('order RM 163.20 with RM 3.20 tax, RM 77.77 refunded: the credit note and the refund note both give back RM 1.52 of tax', () => {
    const c: Case = {
      invoiced: { lines: [{ productId: 'p', name: 'Brake pads fitted', quantity: 1, totalSen: 16_320, labourSen: 4_000 }], serviceTaxSen: 320, totalSen: 16_320, labourSen: 4_000 },
      charged: { lines: [{ description: 'Brake pads fitted', quantity: 1, unitSen: 16_320, partsSen: 12_000, labourSen: 4_000, serviceTaxSen: 320, totalSen: 16_320, classification: '030' }] },
      amountSen: 7_777,
    };
    const credit = issued(c);
    expect(credit.serviceTaxSen).toBe(152);
    expect(refundNote(c, credit)).toEqual({ partsSen: credit.partsSen, labourSen: credit.labourSen, serviceTaxSen: 152 });
  });

  test('5,000 seeded refunds of random orders: 0 sen between the credit note and the refund note', () => {
    expect(cases.filter((c) => c.amountSen < c.invoiced.totalSen).length).toBeGreaterThan(4_000);
    expect(compare(cases, true)).toEqual({ differing: 0, most: 0 });
  });

  test('credit notes issued before their figures were kept, and refunds without one: the same rule, 0 sen apart', () => {
    expect(compare(cases, false)).toEqual({ differing: 0, most: 0 });
    for (const c of cases.slice(0, 500)) expect(refundNote(c, undefined)).toEqual(refundNote(c, issued(c)));
  });

  test('a full refund gives back all the labour and tax the order charged', () => {
    for (const c of cases.filter((x) => x.amountSen === x.invoiced.totalSen)) {
      expect(creditNoteParts(c.invoiced, c.amountSen)).toMatchObject({ labourSen: c.invoiced.labourSen, serviceTaxSen: c.invoiced.serviceTaxSen });
    }
  });
});

describe('part refunds one after another', () => {
  /** Two to four refunds of the order, each of a random part of what is left, the last maybe all of it. */
  function refundsOf(c: Case, r: ReturnType<typeof seeded>): number[] {
    const amounts: number[] = [];
    let left = c.invoiced.totalSen;
    for (let i = 0, n = r.int(2, 4); i < n && left > 0; i++) {
      const amount = i === n - 1 && r.chance(0.5) ? left : r.int(1, left);
      amounts.push(amount);
      left -= amount;
    }
    return amounts;
  }

  test('5,000 seeded orders: their credit notes never give back more tax or labour than charged, and all of it once the whole total is back', () => {
    const r = seeded(2026);
    let whole = 0;
    for (const c of cases) {
      let before: Credited = NOTHING_CREDITED;
      for (const amountSen of refundsOf(c, r)) {
        const figures = creditNoteParts(c.invoiced, amountSen, before);
        expect(figures.partsSen + figures.labourSen + figures.serviceTaxSen).toBe(amountSen);
        expect(Math.min(figures.labourSen, figures.serviceTaxSen)).toBeGreaterThanOrEqual(0);
        before = addCredited(before, { amountSen, ...figures });
      }
      expect(before.serviceTaxSen).toBeLessThanOrEqual(c.invoiced.serviceTaxSen);
      expect(before.labourSen).toBeLessThanOrEqual(c.invoiced.labourSen);
      if (before.amountSen === c.invoiced.totalSen) {
        whole += 1;
        expect(before).toMatchObject({ serviceTaxSen: c.invoiced.serviceTaxSen, labourSen: c.invoiced.labourSen });
      }
    }
    expect(whole).toBeGreaterThan(500);
  });

  test('RM 163.20 with RM 3.20 tax refunded as RM 54.40 three times: RM 1.07, RM 1.06 and RM 1.07 of tax, RM 3.20 in all, not RM 3.21', () => {
    const order: InvoicedOrder = { lines: [{ productId: 'p', name: 'Brake pads fitted', quantity: 1, totalSen: 16_320, labourSen: 4_000 }], serviceTaxSen: 320, totalSen: 16_320 };
    let before: Credited = NOTHING_CREDITED;
    const taxes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const figures = creditNoteParts(order, 5_440, before);
      taxes.push(figures.serviceTaxSen);
      before = addCredited(before, { amountSen: 5_440, ...figures });
    }
    expect(taxes).toEqual([107, 106, 107]);
    expect(before).toEqual({ amountSen: 16_320, partsSen: 12_000, labourSen: 4_000, serviceTaxSen: 320 });
  });
});

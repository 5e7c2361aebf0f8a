import { describe, expect, test } from 'vitest';
import { buildCreditNote, buildInvoice, buildRefundNote, noteAmounts, type EinvoiceOrderInput } from '../../server/providers/einvoice/ubl/index.ts';
import { orderLine, seller, sen } from './einvoice-fixtures.ts';

type Node = Record<string, any>;

const lines = [
  orderLine('Michelin Primacy 4 205/55R16', 38_000, 2_500, 4),
  orderLine('Wheel alignment', 0, 8_000, 1),
  orderLine('Bosch Aerotwin 24" wiper', 5_900, 0, 1),
];
/** What the buyer paid online: the lines, less the RM 20 coupon, plus RM 15 delivery. */
const paidSen = lines.reduce((s, l) => s + l.totalSen, 0) - 2_000 + 1_500;

/** Four tyres fitted, a wheel alignment and a wiper, a RM 20 coupon and RM 15 delivery. */
const order: EinvoiceOrderInput = {
  documentNo: 'INV-2026-000123',
  issuedAt: new Date('2026-11-25T01:30:00Z'),
  seller,
  orderNo: 'SV261125048113',
  buyer: {
    type: 'business',
    name: 'Syarikat Maju Jaya Sdn. Bhd.',
    tin: 'C20880050010',
    idType: 'BRN',
    idValue: '201901000005',
    sstNo: 'NA',
    email: 'akaun@majujaya.my',
    phone: '+60123456789',
    address: { line1: 'Lot 5, Jalan Tandang', postcode: '46050', city: 'Petaling Jaya', state: 'Selangor' },
  },
  lines,
  deliveryFeeSen: 1_500,
  discountSen: 2_000,
  discountReason: 'Coupon RAYA20',
  payment: { method: 'fpx', paidAt: new Date('2026-11-25T01:20:00Z'), reference: 'FPX123456', amountSen: paidSen },
};

const invoiceOf = (doc: { Invoice: [Node] }) => doc.Invoice[0];

describe('an order’s own e-invoice in UBL 2.1 JSON', () => {
  const invoice = invoiceOf(buildInvoice(order));

  test('the header: number, UTC date and time, type 01 of version 1.1, ringgit', () => {
    expect(invoice.ID[0]._).toBe('INV-2026-000123');
    expect(invoice.IssueDate[0]._).toBe('2026-11-25');
    expect(invoice.IssueTime[0]._).toBe('01:30:00Z');
    expect(invoice.InvoiceTypeCode[0]).toEqual({ _: '01', listVersionID: '1.1' });
    expect(invoice.DocumentCurrencyCode[0]._).toBe('MYR');
  });

  test('the seller with its TIN, BRN, SST number, MSIC code and state code', () => {
    const party = invoice.AccountingSupplierParty[0].Party[0];
    expect(party.IndustryClassificationCode[0]).toEqual({ _: '45201', name: 'Maintenance and repair of motor vehicles' });
    expect(party.PartyIdentification.map((p: Node) => [p.ID[0].schemeID, p.ID[0]._])).toEqual([
      ['TIN', 'C25845632020'],
      ['BRN', '202001234567'],
      ['SST', 'B16-1809-32000012'],
      ['TTX', 'NA'],
    ]);
    expect(party.PostalAddress[0].CountrySubentityCode[0]._).toBe('10');
    expect(party.PostalAddress[0].Country[0].IdentificationCode[0]._).toBe('MYS');
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('Servauto Sdn. Bhd.');
  });

  test('the business buyer with its TIN and BRN', () => {
    const party = invoice.AccountingCustomerParty[0].Party[0];
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('Syarikat Maju Jaya Sdn. Bhd.');
    expect(party.PartyIdentification.map((p: Node) => [p.ID[0].schemeID, p.ID[0]._])).toEqual([
      ['TIN', 'C20880050010'],
      ['BRN', '201901000005'],
      ['SST', 'NA'],
      ['TTX', 'NA'],
    ]);
  });

  test('each line: parts not taxed (06), fitting labour with service tax 02 at 8 %', () => {
    const lines = invoice.InvoiceLine.map((l: Node) => ({
      description: l.Item[0].Description[0]._,
      quantity: l.InvoicedQuantity[0]._,
      unit: sen(l.Price[0].PriceAmount),
      net: sen(l.LineExtensionAmount),
      subtotal: sen(l.ItemPriceExtension[0].Amount),
      taxType: l.TaxTotal[0].TaxSubtotal[0].TaxCategory[0].ID[0]._,
      percent: l.TaxTotal[0].TaxSubtotal[0].Percent[0]._,
      tax: sen(l.TaxTotal[0].TaxAmount),
      classification: l.Item[0].CommodityClassification[0].ItemClassificationCode[0]._,
    }));
    expect(lines).toEqual([
      { description: 'Michelin Primacy 4 205/55R16 (parts)', quantity: 4, unit: 38_000, net: 152_000, subtotal: 152_000, taxType: '06', percent: 0, tax: 0, classification: '030' },
      { description: 'Michelin Primacy 4 205/55R16 (fitting labour)', quantity: 4, unit: 2_500, net: 10_000, subtotal: 10_000, taxType: '02', percent: 8, tax: 800, classification: '030' },
      { description: 'Wheel alignment', quantity: 1, unit: 8_000, net: 8_000, subtotal: 8_000, taxType: '02', percent: 8, tax: 640, classification: '030' },
      { description: 'Bosch Aerotwin 24" wiper', quantity: 1, unit: 5_900, net: 5_900, subtotal: 5_900, taxType: '06', percent: 0, tax: 0, classification: '030' },
    ]);
    expect(invoice.InvoiceLine.map((l: Node) => l.ID[0]._)).toEqual(['1', '2', '3', '4']);
  });

  test('the coupon as a discount and the delivery as a charge', () => {
    expect(invoice.AllowanceCharge.map((a: Node) => [a.ChargeIndicator[0]._, a.AllowanceChargeReason[0]._, sen(a.Amount)])).toEqual([
      [false, 'Coupon RAYA20', 2_000],
      [true, 'Delivery', 1_500],
    ]);
  });

  test('tax per type and in total', () => {
    const tax = invoice.TaxTotal[0];
    expect(sen(tax.TaxAmount)).toBe(1_440);
    expect(tax.TaxSubtotal.map((t: Node) => [t.TaxCategory[0].ID[0]._, sen(t.TaxableAmount), sen(t.TaxAmount), t.Percent[0]._])).toEqual([
      ['02', 18_000, 1_440, 8],
      ['06', 157_900, 0, 0],
    ]);
  });

  test('every total, and they add up to the sen of what the customer paid', () => {
    const t = invoice.LegalMonetaryTotal[0];
    const totals = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, sen(v)]));
    expect(totals).toEqual({
      LineExtensionAmount: 175_900,
      TaxExclusiveAmount: 175_400,
      TaxInclusiveAmount: 176_840,
      AllowanceTotalAmount: 2_000,
      ChargeTotalAmount: 1_500,
      PayableAmount: 176_840,
    });
    const lineSum = invoice.InvoiceLine.reduce((s: number, l: Node) => s + sen(l.LineExtensionAmount), 0);
    const lineTax = invoice.InvoiceLine.reduce((s: number, l: Node) => s + sen(l.TaxTotal[0].TaxAmount), 0);
    expect(lineSum).toBe(totals.LineExtensionAmount);
    expect(totals.LineExtensionAmount - totals.AllowanceTotalAmount + totals.ChargeTotalAmount).toBe(totals.TaxExclusiveAmount);
    expect(totals.TaxExclusiveAmount + lineTax).toBe(totals.TaxInclusiveAmount);
    const paid = order.lines.reduce((s, l) => s + l.totalSen, 0) - 2_000 + 1_500;
    expect(totals.PayableAmount).toBe(paid);
  });

  test('amounts are ringgit with at most two decimals', () => {
    const amounts = JSON.stringify(invoice).match(/"_":-?\d+\.\d+/g) ?? [];
    for (const a of amounts) expect(a).toMatch(/\.\d{1,2}$/);
  });

  test('payment mode and its words', () => {
    expect(invoice.PaymentMeans[0].PaymentMeansCode[0]._).toBe('03');
    expect(invoice.PaymentTerms[0].Note[0]._).toBe('Paid in full by FPX online banking on 2026-11-25');
  });

  test('the online payment is LHDN’s PrepaidPayment: reference, amount, UTC date and time, as LHDN’s sample has it', () => {
    expect(invoice.PrepaidPayment).toEqual([
      { ID: [{ _: 'FPX123456' }], PaidAmount: [{ _: paidSen / 100, currencyID: 'MYR' }], PaidDate: [{ _: '2026-11-25' }], PaidTime: [{ _: '01:20:00Z' }] },
    ]);
    expect(JSON.stringify(invoice.PaymentTerms)).not.toContain('FPX123456');
  });
});

describe('buyers and taxes', () => {
  test('an individual without a TIN gets LHDN’s general TIN beside their NRIC; a passport, the foreign one', () => {
    const individual = { type: 'individual', name: 'Tan Mei Ling', idType: 'NRIC', idValue: '900101145566', phone: '+60123456789', address: order.buyer.address } as const;
    const ids = (doc: ReturnType<typeof buildInvoice>) => invoiceOf(doc).AccountingCustomerParty[0].Party[0].PartyIdentification.map((p: Node) => p.ID[0]._);
    expect(ids(buildInvoice({ ...order, buyer: individual })).slice(0, 2)).toEqual(['EI00000000010', '900101145566']);
    expect(ids(buildInvoice({ ...order, buyer: { ...individual, idType: 'PASSPORT', idValue: 'K12345678' } })).slice(0, 2)).toEqual(['EI00000000020', 'K12345678']);
    expect(ids(buildInvoice({ ...order, buyer: { ...individual, tin: 'IG12345678901' } }))[0]).toBe('IG12345678901');
  });

  test('a seller registered for sales tax files its parts under 01 with their sales tax', () => {
    const line = { ...orderLine('Brake pads', 10_000, 0, 1), salesTaxSen: 1_000, totalSen: 11_000 };
    const invoice = invoiceOf(buildInvoice({ ...order, seller: { ...seller, partsTax: { kind: 'sales-tax', percent: 10 } }, lines: [line], deliveryFeeSen: 0, discountSen: 0 }));
    const sub = invoice.InvoiceLine[0].TaxTotal[0].TaxSubtotal[0];
    expect([sub.TaxCategory[0].ID[0]._, sub.Percent[0]._, sen(sub.TaxAmount)]).toEqual(['01', 10, 1_000]);
    expect(sen(invoice.LegalMonetaryTotal[0].PayableAmount)).toBe(11_000);
  });

  test('a line whose parts, labour and tax do not make its total is refused', () => {
    const broken = { ...orderLine('Wheel alignment', 0, 8_000, 1), totalSen: 8_000 };
    expect(() => buildInvoice({ ...order, lines: [broken] })).toThrow(/not its total/);
  });
});

describe('notes naming the original e-invoice', () => {
  const original = { uuid: 'F9D425P6DS7D8IU4DR5MDCLK10', documentNo: 'INV-2026-000123' };
  const refund = { ...order, documentNo: 'CN-2026-000007', issuedAt: new Date('2026-11-27T03:00:00Z'), original, lines: [order.lines[1]], deliveryFeeSen: 0, discountSen: 0 };

  test('a credit note is type 02 and names the original’s UUID and number', () => {
    const note = invoiceOf(buildCreditNote(refund));
    expect(note.InvoiceTypeCode[0]).toEqual({ _: '02', listVersionID: '1.1' });
    expect(note.ID[0]._).toBe('CN-2026-000007');
    expect(note.BillingReference[0].InvoiceDocumentReference[0]).toEqual({ ID: [{ _: 'INV-2026-000123' }], UUID: [{ _: 'F9D425P6DS7D8IU4DR5MDCLK10' }] });
    expect(sen(note.LegalMonetaryTotal[0].PayableAmount)).toBe(8_640);
    expect(sen(note.TaxTotal[0].TaxAmount)).toBe(640);
  });

  test('a refund note is type 04 and names it too', () => {
    const note = invoiceOf(buildRefundNote(refund));
    expect(note.InvoiceTypeCode[0]._).toBe('04');
    expect(note.BillingReference[0].InvoiceDocumentReference[0].UUID[0]._).toBe(original.uuid);
  });

  test('a note without the original’s UUID is refused', () => {
    expect(() => buildCreditNote({ ...refund, original: { uuid: '', documentNo: 'INV-2026-000123' } })).toThrow(/UUID/);
  });
});

describe('the amounts a note takes back', () => {
  const paid = order.lines.reduce((s, l) => s + l.totalSen, 0) - 2_000 + 1_500;
  const labour = order.lines.reduce((s, l) => s + l.labourSen, 0);
  const tax = order.lines.reduce((s, l) => s + l.serviceTaxSen, 0);

  test('a full refund repeats the lines, the delivery and the coupon', () => {
    const all = { partsSen: paid - labour - tax, labourSen: labour, serviceTaxSen: tax };
    expect(noteAmounts(order, paid, 'Refund of INV-2026-000123', all)).toEqual({ lines: order.lines, deliveryFeeSen: 1_500, discountSen: 2_000 });
  });

  test('a part refund is one line with the parts, labour and service tax the credit note states', () => {
    const amounts = noteAmounts(order, 50_000, 'Part refund of INV-2026-000123', { partsSen: 44_720, labourSen: 4_889, serviceTaxSen: 391 });
    expect(amounts.lines).toEqual([expect.objectContaining({ partsSen: 44_720, labourSen: 4_889, serviceTaxSen: 391, totalSen: 50_000 })]);
    const note = invoiceOf(buildCreditNote({ ...order, ...amounts, original: { uuid: 'F9D425P6DS7D8IU4DR5MDCLK10', documentNo: 'INV-2026-000123' } }));
    expect(sen(note.LegalMonetaryTotal[0].PayableAmount)).toBe(50_000);
    expect(sen(note.TaxTotal[0].TaxAmount)).toBe(391);
  });

  test('more than was paid, or figures that do not add up to the refund, are refused', () => {
    expect(() => noteAmounts(order, paid + 1, 'Refund', { partsSen: paid + 1, labourSen: 0, serviceTaxSen: 0 })).toThrow(/paid/);
    expect(() => noteAmounts(order, 1_000, 'Refund', { partsSen: 900, labourSen: 80, serviceTaxSen: 6 })).toThrow(/add up/);
  });
});

describe('how the order was paid, as LHDN codes it', () => {
  const paidBy = (payment: NonNullable<EinvoiceOrderInput['payment']>) => invoiceOf(buildInvoice({ ...order, payment }));
  const at = new Date('2026-11-25T01:20:00Z');

  test.each([
    [{ method: 'card', cardType: 'credit' }, '04', 'Paid in full by credit card on 2026-11-25'],
    [{ method: 'card', cardType: 'debit' }, '05', 'Paid in full by debit card on 2026-11-25'],
    [{ method: 'card' }, '04', 'Paid in full by card on 2026-11-25'],
    [{ method: 'tng' }, '06', "Paid in full by Touch 'n Go eWallet on 2026-11-25"],
    [{ method: 'grabpay' }, '06', 'Paid in full by GrabPay on 2026-11-25'],
    [{ method: 'fpx' }, '03', 'Paid in full by FPX online banking on 2026-11-25'],
    [{ method: 'duitnow' }, '03', 'Paid in full by DuitNow QR on 2026-11-25'],
  ] as const)('%o is payment mode %s', (how, code, words) => {
    const invoice = paidBy({ ...how, paidAt: at, reference: 'pay_Q1w2E3r4T5y6U7', amountSen: paidSen });
    expect(invoice.PaymentMeans).toEqual([{ PaymentMeansCode: [{ _: code }] }]);
    expect(invoice.PaymentTerms[0].Note[0]._).toBe(words);
    expect(invoice.PrepaidPayment[0].ID[0]._).toBe('pay_Q1w2E3r4T5y6U7');
  });

  test('an order a coupon paid in full has no prepayment to name', () => {
    const invoice = paidBy({ method: 'other', paidAt: at });
    expect(invoice.PaymentMeans[0].PaymentMeansCode[0]._).toBe('08');
    expect(invoice.PrepaidPayment).toBeUndefined();
  });

  test('a refund note pays money back: its payment is no prepayment', () => {
    const note = invoiceOf(
      buildRefundNote({ ...order, documentNo: 'RN-2026-000001', original: { uuid: 'F9D425P6DS7D8IU4DR5MDCLK10', documentNo: 'INV-2026-000123' } }),
    );
    expect(note.PaymentMeans[0].PaymentMeansCode[0]._).toBe('03');
    expect(note.PrepaidPayment).toBeUndefined();
    expect(note.PaymentTerms[0].Note[0]._).toBe('Paid back by FPX online banking on 2026-11-25');
  });
});

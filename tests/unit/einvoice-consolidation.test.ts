import { describe, expect, test } from 'vitest';
import { serializeDocument, signDocument } from '../../server/providers/einvoice/signature.ts';
import { loadSigningCertificate } from '../../server/providers/einvoice/signing-certificate.ts';
import { buildConsolidatedInvoice, consolidationBatches, ordersToConsolidate, receiptGroups, RECEIPTS_PER_CONSOLIDATION, type ConsolidatedReceipt } from '../../server/providers/einvoice/ubl/index.ts';
import { seller, sen, signingSeller } from './einvoice-fixtures.ts';
import { sampleText } from './myinvois-samples.ts';

type Node = Record<string, any>;

/** November 2026's paid orders, paid at Kuala Lumpur times given in UTC. */
const november = [
  { receiptNo: 'SV261103000101', paidAt: new Date('2026-11-03T02:00:00Z'), totalSen: 1_000_001, ownEinvoice: false },
  { receiptNo: 'SV261104000102', paidAt: new Date('2026-11-04T02:00:00Z'), totalSen: 1_000_000, ownEinvoice: false },
  { receiptNo: 'SV261105000103', paidAt: new Date('2026-11-05T02:00:00Z'), totalSen: 8_640, ownEinvoice: true },
  // 00:30 on 1 November in Kuala Lumpur, still 31 October in UTC.
  { receiptNo: 'SV261101000104', paidAt: new Date('2026-10-31T16:30:00Z'), totalSen: 5_900, ownEinvoice: false },
  // 00:30 on 1 December in Kuala Lumpur.
  { receiptNo: 'SV261201000105', paidAt: new Date('2026-11-30T16:30:00Z'), totalSen: 5_900, ownEinvoice: false },
];

describe('which paid orders go into a month’s consolidated e-invoice', () => {
  const { included, leftOut } = ordersToConsolidate(november, '2026-11');

  test('a RM 10,000.01 order is left out; a RM 10,000.00 order is in', () => {
    expect(leftOut).toContainEqual({ order: november[0], reason: 'above-limit' });
    expect(included).toContain(november[1]);
  });

  test('an order with its own e-invoice is left out', () => {
    expect(leftOut).toContainEqual({ order: november[2], reason: 'own-einvoice' });
  });

  test('the month is Kuala Lumpur’s: just after midnight on the 1st is in, the next month’s is not', () => {
    expect(included.map((o) => o.receiptNo)).toEqual(['SV261101000104', 'SV261104000102']);
    expect(leftOut.map((l) => l.order.receiptNo)).not.toContain('SV261201000105');
  });
});

const receipt = (receiptNo: string, partsSen: number, labourSen: number, extras: Partial<ConsolidatedReceipt> = {}): ConsolidatedReceipt => {
  const serviceTaxSen = Math.round(labourSen * 0.08);
  const totalSen = partsSen + labourSen + serviceTaxSen + (extras.deliveryFeeSen ?? 0) - (extras.discountSen ?? 0);
  return { receiptNo, partsSen, labourSen, serviceTaxSen, totalSen, ...extras };
};

describe('the consolidated e-invoice', () => {
  const receipts = [receipt('SV261101000104', 5_900, 0, { deliveryFeeSen: 1_000 }), receipt('SV261104000102', 990_000, 9_000, { discountSen: 1_720 }), receipt('SV261109000110', 0, 8_000)];
  const invoice = buildConsolidatedInvoice({ documentNo: 'CON-2026-11', issuedAt: new Date('2026-12-02T01:00:00Z'), seller, month: '2026-11', receipts }).Invoice[0] as Node;

  test('to General Public with LHDN’s general TIN, no address, for the month', () => {
    const party = invoice.AccountingCustomerParty[0].Party[0];
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
    expect(party.PartyIdentification[0].ID[0]).toEqual({ _: 'EI00000000010', schemeID: 'TIN' });
    expect(invoice.InvoiceTypeCode[0]._).toBe('01');
    expect(invoice.InvoicePeriod[0].StartDate[0]._).toBe('2026-11-01');
    expect(invoice.InvoicePeriod[0].EndDate[0]._).toBe('2026-11-30');
  });

  test('the buyer is shaped as in LHDN’s consolidated sample: general TIN, NA numbers, phone and e-mail; named General Public', () => {
    const sample = JSON.parse(sampleText('consolidated-1.1.json')).Invoice[0].AccountingCustomerParty[0].Party[0];
    const party = invoice.AccountingCustomerParty[0].Party[0];
    expect(party.PartyIdentification).toEqual(sample.PartyIdentification);
    expect(party.Contact).toEqual(sample.Contact);
    expect(party.PostalAddress[0].AddressLine[0]).toEqual(sample.PostalAddress[0].AddressLine[0]);
    expect(party.PostalAddress[0].PostalZone).toEqual(sample.PostalAddress[0].PostalZone);
    expect(Object.keys(party).sort()).toEqual(Object.keys(sample).sort());
    // Where the sample leaves them empty: values LHDN's code lists accept (17: not applicable).
    expect([party.PostalAddress[0].CityName[0]._, party.PostalAddress[0].CountrySubentityCode[0]._, party.PostalAddress[0].Country[0].IdentificationCode[0]]).toEqual([
      'NA',
      '17',
      { _: 'MYS', listID: 'ISO3166-1', listAgencyID: '6' },
    ]);
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
  });

  test('classification 004 and the receipt numbers in each line’s description', () => {
    for (const line of invoice.InvoiceLine) expect(line.Item[0].CommodityClassification[0].ItemClassificationCode[0]).toEqual({ _: '004', listID: 'CLASS' });
    expect(invoice.InvoiceLine.map((l: Node) => l.Item[0].Description[0]._)).toEqual([
      'Receipts SV261101000104, SV261104000102, SV261109000110 (parts)',
      'Receipts SV261101000104, SV261104000102, SV261109000110 (fitting labour)',
    ]);
  });

  test('parts, labour, service tax, deliveries and coupons add up to what the receipts took', () => {
    const [parts, labour] = invoice.InvoiceLine;
    expect(sen(parts.LineExtensionAmount)).toBe(995_900);
    expect(sen(labour.LineExtensionAmount)).toBe(17_000);
    expect(sen(labour.TaxTotal[0].TaxAmount)).toBe(1_360);
    const t = invoice.LegalMonetaryTotal[0];
    expect(sen(t.AllowanceTotalAmount)).toBe(1_720);
    expect(sen(t.ChargeTotalAmount)).toBe(1_000);
    expect(sen(t.TaxExclusiveAmount)).toBe(995_900 + 17_000 - 1_720 + 1_000);
    expect(sen(t.PayableAmount)).toBe(receipts.reduce((s, r) => s + r.totalSen, 0));
  });

  test('a receipt above RM 10,000 is refused', () => {
    expect(() => buildConsolidatedInvoice({ documentNo: 'CON', issuedAt: new Date(), seller, month: '2026-11', receipts: [receipt('SV1', 1_000_001, 0)] })).toThrow(/own e-invoice/);
  });

  test('many receipts are grouped into lines whose descriptions fit 300 characters, each receipt once', () => {
    const many = Array.from({ length: 60 }, (_, i) => receipt(`SV2611${String(i).padStart(8, '0')}`, 1_000, 500));
    const groups = receiptGroups(many);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.flat()).toEqual(many);
    const doc = buildConsolidatedInvoice({ documentNo: 'CON', issuedAt: new Date(), seller, month: '2026-11', receipts: many }).Invoice[0] as Node;
    for (const line of doc.InvoiceLine) expect(line.Item[0].Description[0]._.length).toBeLessThanOrEqual(300);
    expect(sen(doc.LegalMonetaryTotal[0].PayableAmount)).toBe(60 * 1_540);
  });

  test('a batch of receipts, signed and base64-encoded for submission, stays under MyInvois’ 300 KB a document', () => {
    const month = Array.from({ length: RECEIPTS_PER_CONSOLIDATION + 10 }, (_, i) => receipt(`SV2611${String(i).padStart(8, '0')}`, 123_456, 10_000));
    const batches = consolidationBatches(month);
    expect(batches.map((b) => b.length)).toEqual([RECEIPTS_PER_CONSOLIDATION, 10]);
    const signed = signDocument(buildConsolidatedInvoice({ documentNo: 'CON', issuedAt: new Date(), seller: signingSeller, month: '2026-11', receipts: batches[0] }), loadSigningCertificate({}));
    expect(Buffer.from(serializeDocument(signed)).toString('base64').length).toBeLessThan(300 * 1024);
  });
});

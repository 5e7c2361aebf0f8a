import { createHash } from 'node:crypto';

/**
 * A small UBL e-invoice (MyInvois' JSON binding) with every field e-invoice v1.1 makes
 * mandatory and totals that add up, and the envelope entry Submit Documents takes.
 */

export const SELLER_TIN = 'C00000000000';

export interface DocumentShape {
  id?: string;
  issuedAt?: number;
  typeCode?: string;
  version?: string;
  supplierTin?: string;
  buyerTin?: string;
  taxType?: string;
  classification?: string;
  msic?: string;
  supplierState?: string;
  buyerState?: string;
  referencedUuid?: string;
  signed?: boolean;
  /** Changes the finished Invoice element (a field taken out, a code or an amount changed). */
  edit?: (invoice: Record<string, any>) => void;
}

const value = (v: string) => [{ _: v }];
const myr = (n: number) => [{ _: n, currencyID: 'MYR' }];

function address(state: string) {
  return [{ AddressLine: [{ Line: value('No. 1, Jalan Contoh') }], CityName: value('Kuala Lumpur'), PostalZone: value('50000'), CountrySubentityCode: value(state), Country: [{ IdentificationCode: [{ _: 'MYS', listID: 'ISO3166-1', listAgencyID: '6' }] }] }];
}

const taxTotal = (taxType: string) => [
  { TaxAmount: myr(8), TaxSubtotal: [{ TaxableAmount: myr(100), TaxAmount: myr(8), TaxCategory: [{ ID: value(taxType), TaxScheme: [{ ID: [{ _: 'OTH', schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }] }] }] }] },
];

export function ublDocument(shape: DocumentShape = {}): Record<string, unknown> {
  const issued = new Date(shape.issuedAt ?? Date.now()).toISOString();
  const invoice: Record<string, unknown> = {
    ID: value(shape.id ?? 'INV-0001'),
    IssueDate: value(issued.slice(0, 10)),
    IssueTime: value(`${issued.slice(11, 19)}Z`),
    InvoiceTypeCode: [{ _: shape.typeCode ?? '01', listVersionID: shape.version ?? '1.1' }],
    DocumentCurrencyCode: value('MYR'),
    AccountingSupplierParty: [
      {
        Party: [
          {
            IndustryClassificationCode: [{ _: shape.msic ?? '45200', name: 'Maintenance and repair of motor vehicles' }],
            PartyIdentification: [{ ID: [{ _: shape.supplierTin ?? SELLER_TIN, schemeID: 'TIN' }] }, { ID: [{ _: '202401000001', schemeID: 'BRN' }] }],
            PostalAddress: address(shape.supplierState ?? '14'),
            PartyLegalEntity: [{ RegistrationName: value('Servauto Demo Sdn. Bhd.') }],
            Contact: [{ Telephone: value('+60312345678') }],
          },
        ],
      },
    ],
    AccountingCustomerParty: [
      {
        Party: [
          {
            PartyIdentification: [{ ID: [{ _: shape.buyerTin ?? 'EI00000000010', schemeID: 'TIN' }] }, { ID: [{ _: 'NA', schemeID: 'BRN' }] }],
            PostalAddress: address(shape.buyerState ?? '10'),
            PartyLegalEntity: [{ RegistrationName: value('General Public') }],
            Contact: [{ Telephone: value('NA') }],
          },
        ],
      },
    ],
    TaxTotal: taxTotal(shape.taxType ?? '02'),
    LegalMonetaryTotal: [{ LineExtensionAmount: myr(100), TaxExclusiveAmount: myr(100), TaxInclusiveAmount: myr(108), PayableAmount: myr(108) }],
    InvoiceLine: [
      {
        ID: value('1'),
        InvoicedQuantity: [{ _: 1, unitCode: 'C62' }],
        LineExtensionAmount: myr(100),
        TaxTotal: taxTotal(shape.taxType ?? '02'),
        Item: [{ CommodityClassification: [{ ItemClassificationCode: [{ _: shape.classification ?? '030', listID: 'CLASS' }] }], Description: value('Engine oil change') }],
        Price: [{ PriceAmount: myr(100) }],
        ItemPriceExtension: [{ Amount: myr(100) }],
      },
    ],
  };
  if (shape.referencedUuid) invoice.BillingReference = [{ InvoiceDocumentReference: [{ ID: value('INV-0001'), UUID: value(shape.referencedUuid) }] }];
  if (shape.signed !== false) {
    invoice.UBLExtensions = [{ UBLExtension: [{ ExtensionURI: value('urn:oasis:names:specification:ubl:dsig:enveloped:xades') }] }];
    invoice.Signature = [{ ID: value('urn:oasis:names:specification:ubl:signature:Invoice'), SignatureMethod: value('urn:oasis:names:specification:ubl:dsig:enveloped:xades') }];
  }
  shape.edit?.(invoice);
  return { _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', Invoice: [invoice] };
}

export function envelopeEntry(document: unknown, codeNumber = 'INV-0001') {
  const text = JSON.stringify(document);
  return { format: 'JSON', document: Buffer.from(text).toString('base64'), documentHash: createHash('sha256').update(text).digest('hex'), codeNumber };
}

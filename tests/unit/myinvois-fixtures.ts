import { createHash } from 'node:crypto';

/**
 * A minimal UBL-shaped e-invoice (MyInvois' JSON binding), holding just the fields the local
 * double reads, and the envelope entry Submit Documents takes.
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
}

const value = (v: string) => [{ _: v }];

export function ublDocument(shape: DocumentShape = {}): Record<string, unknown> {
  const issued = new Date(shape.issuedAt ?? Date.now()).toISOString();
  const invoice: Record<string, unknown> = {
    ID: value(shape.id ?? 'INV-0001'),
    IssueDate: value(issued.slice(0, 10)),
    IssueTime: value(`${issued.slice(11, 19)}Z`),
    InvoiceTypeCode: [{ _: shape.typeCode ?? '01', listVersionID: shape.version ?? '1.1' }],
    AccountingSupplierParty: [
      {
        Party: [
          {
            IndustryClassificationCode: [{ _: shape.msic ?? '45200', name: 'Maintenance and repair of motor vehicles' }],
            PartyIdentification: [{ ID: [{ _: shape.supplierTin ?? SELLER_TIN, schemeID: 'TIN' }] }, { ID: [{ _: '202401000001', schemeID: 'BRN' }] }],
            PostalAddress: [{ CountrySubentityCode: value(shape.supplierState ?? '14') }],
            PartyLegalEntity: [{ RegistrationName: value('Servauto Demo Sdn. Bhd.') }],
          },
        ],
      },
    ],
    AccountingCustomerParty: [
      {
        Party: [
          {
            PartyIdentification: [{ ID: [{ _: shape.buyerTin ?? 'EI00000000010', schemeID: 'TIN' }] }, { ID: [{ _: 'NA', schemeID: 'BRN' }] }],
            PostalAddress: [{ CountrySubentityCode: value(shape.buyerState ?? '10') }],
            PartyLegalEntity: [{ RegistrationName: value('General Public') }],
          },
        ],
      },
    ],
    TaxTotal: [{ TaxSubtotal: [{ TaxCategory: [{ ID: value(shape.taxType ?? '02') }] }] }],
    LegalMonetaryTotal: [{ TaxExclusiveAmount: [{ _: 100, currencyID: 'MYR' }], PayableAmount: [{ _: 108, currencyID: 'MYR' }] }],
    InvoiceLine: [{ Item: [{ CommodityClassification: [{ ItemClassificationCode: [{ _: shape.classification ?? '030', listID: 'CLASS' }] }] }] }],
  };
  if (shape.referencedUuid) invoice.BillingReference = [{ InvoiceDocumentReference: [{ ID: value('INV-0001'), UUID: value(shape.referencedUuid) }] }];
  if (shape.signed !== false) {
    invoice.UBLExtensions = [{ UBLExtension: [{ ExtensionURI: value('urn:oasis:names:specification:ubl:dsig:enveloped:xades') }] }];
    invoice.Signature = [{ ID: value('urn:oasis:names:specification:ubl:signature:Invoice'), SignatureMethod: value('urn:oasis:names:specification:ubl:dsig:enveloped:xades') }];
  }
  return { _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', Invoice: [invoice] };
}

export function envelopeEntry(document: unknown, codeNumber = 'INV-0001') {
  const text = JSON.stringify(document);
  return { format: 'JSON', document: Buffer.from(text).toString('base64'), documentHash: createHash('sha256').update(text).digest('hex'), codeNumber };
}

import { CLASSIFICATION_CODES, DOCUMENT_TYPES, DOCUMENT_VERSIONS, GENERAL_TINS, MSIC_CODES, STATE_CODES, TAX_TYPES, tinLooksValid } from './codes.ts';
import { lhdnError, type LhdnErrorDetail } from './errors.ts';
import { LIMITS, type SignatureVerifier } from './options.ts';
import type { DoubleStore, StoredDocument, ValidationStep } from './store.ts';
import { issuedAt, type DocumentFields } from './ubl-reader.ts';

/**
 * The validation MyInvois runs after accepting a document, step by step in its names; any
 * Invalid step makes the document Invalid, with the step's error in LHDN's shape.
 */

const NOTE_TYPES = new Set(['02', '03', '04', '12', '13', '14']);

interface Candidate {
  uuid: string;
  document: unknown;
  fields: DocumentFields;
  hash: string;
}

function step(name: string, problems: LhdnErrorDetail[], code: string, message: string): ValidationStep {
  if (problems.length === 0) return { name, status: 'Valid' };
  return { name, status: 'Invalid', error: lhdnError(code, message, problems[0]!.target ?? null, problems, problems[0]!.propertyPath ?? null) };
}

const detail = (code: string, message: string, target: string, propertyPath: string): LhdnErrorDetail => ({ code, message, target, propertyPath });

/** Same type and version, issue moment, number and supplier: LHDN's duplicate key. */
function sameDocument(a: DocumentFields, b: DocumentFields): boolean {
  return a.typeCode === b.typeCode && a.typeVersion === b.typeVersion && issuedAt(a) === issuedAt(b) && a.internalId === b.internalId && a.supplier.tin === b.supplier.tin;
}

function duplicates(candidate: Candidate, store: DoubleStore, now: number): LhdnErrorDetail[] {
  const earlier = [...store.documents.values()].find(
    (doc: StoredDocument) =>
      doc.uuid !== candidate.uuid && doc.outcome === 'Valid' && doc.receivedAt > now - LIMITS.duplicateDocumentMs && (doc.hash === candidate.hash || sameDocument(doc.fields, candidate.fields)),
  );
  if (!earlier) return [];
  return [detail('DS302', `Duplicated submitted document with UUID ${candidate.uuid} where the values of configured attributes match with values for the document with UUID: ${earlier.uuid}`, 'document', 'document')];
}

function taxpayers(fields: DocumentFields): LhdnErrorDetail[] {
  const problems: LhdnErrorDetail[] = [];
  const supplierTin = fields.supplier.tin ?? '';
  if (!tinLooksValid(supplierTin) || GENERAL_TINS.has(supplierTin)) {
    problems.push(detail('BadArgument', `Supplier TIN ${supplierTin} is not a valid TIN`, 'AccountingSupplierParty', 'Invoice.AccountingSupplierParty.Party.PartyIdentification.ID'));
  }
  const buyerTin = fields.buyer.tin;
  if (!buyerTin) problems.push(detail('BadArgument', 'Buyer TIN is required', 'AccountingCustomerParty', 'Invoice.AccountingCustomerParty.Party.PartyIdentification.ID'));
  else if (!tinLooksValid(buyerTin)) problems.push(detail('BadArgument', `Buyer TIN ${buyerTin} is not a valid TIN`, 'AccountingCustomerParty', 'Invoice.AccountingCustomerParty.Party.PartyIdentification.ID'));
  return problems;
}

function references(fields: DocumentFields, store: DoubleStore, now: number): LhdnErrorDetail[] {
  if (!NOTE_TYPES.has(fields.typeCode ?? '')) return [];
  return fields.referencedUuids.flatMap((uuid) => {
    const original = store.documents.get(uuid);
    if (original && store.status(original, now) === 'Valid') return [];
    const why = original ? `is ${store.status(original, now)}` : 'does not exist';
    return [detail('BadArgument', `Referenced document ${uuid} ${why}; a note may refer only to a Valid document`, 'BillingReference', 'Invoice.BillingReference.InvoiceDocumentReference.UUID')];
  });
}

function codes(fields: DocumentFields): LhdnErrorDetail[] {
  const problems: LhdnErrorDetail[] = [];
  for (const type of new Set(fields.taxTypes)) {
    if (!TAX_TYPES.has(type)) problems.push(detail('CV301', `Tax type ${type} is not a valid code`, 'TaxCategory', 'Invoice.TaxTotal.TaxSubtotal.TaxCategory.ID'));
  }
  for (const code of new Set(fields.classifications)) {
    if (!CLASSIFICATION_CODES.has(code)) problems.push(detail('CV302', `Classification code ${code} is not a valid code`, 'ItemClassificationCode', 'Invoice.InvoiceLine.Item.CommodityClassification.ItemClassificationCode'));
  }
  const msic = fields.supplier.msic;
  if (!msic || !/^\d{5}$/.test(msic) || !MSIC_CODES.has(msic)) {
    problems.push(detail('CV303', `MSIC code ${msic ?? '(none)'} is not a valid code`, 'IndustryClassificationCode', 'Invoice.AccountingSupplierParty.Party.IndustryClassificationCode'));
  }
  for (const [who, state] of [['AccountingSupplierParty', fields.supplier.stateCode], ['AccountingCustomerParty', fields.buyer.stateCode]] as const) {
    if (state !== undefined && !STATE_CODES.has(state)) problems.push(detail('CV304', `State code ${state} is not a valid code`, who, `Invoice.${who}.Party.PostalAddress.CountrySubentityCode`));
  }
  return problems;
}

export function validate(candidate: Candidate, store: DoubleStore, verifySignature: SignatureVerifier, now: number): { outcome: 'Valid' | 'Invalid'; steps: ValidationStep[] } {
  const { fields } = candidate;
  const core: LhdnErrorDetail[] = [];
  if (!DOCUMENT_TYPES[fields.typeCode ?? '']) core.push(detail('CF002', `e-Invoice type ${fields.typeCode} is not a valid code`, 'InvoiceTypeCode', 'Invoice.InvoiceTypeCode'));
  if (!DOCUMENT_VERSIONS.has(fields.typeVersion ?? '')) core.push(detail('CF003', `Document version ${fields.typeVersion ?? '(none)'} is not supported`, 'InvoiceTypeCode', 'Invoice.InvoiceTypeCode.listVersionID'));
  const signature = verifySignature(candidate.document);
  const steps = [
    step('Step01-Structure Validator', [], 'Error01', 'Structure Validator'),
    step('Step02-Core Fields Validator', core, 'Error02', 'Core Fields Validator'),
    step('Step03-Duplicated Submission Validator', duplicates(candidate, store, now), 'Error03', 'Duplicated Submission Validator'),
    step('Step04-Signature Validator', signature.ok ? [] : [detail('DS300', signature.reason, 'Signature', 'Invoice.Signature')], 'Error04', 'Signature Validator'),
    step('Step05-Taxpayer Validator', taxpayers(fields), 'Error05', 'Taxpayer Validator'),
    step('Step06-Referenced Documents Validator', references(fields, store, now), 'Error06', 'Referenced Documents Validator'),
    step('Step07-Code Validator', codes(fields), 'Error07', 'Code Validator'),
  ];
  return { outcome: steps.some((s) => s.status === 'Invalid') ? 'Invalid' : 'Valid', steps };
}

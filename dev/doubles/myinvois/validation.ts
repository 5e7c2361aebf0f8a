import { checkSigningCertificate } from '../../../server/providers/einvoice/certificate-rules.ts';
import { DOCUMENT_TYPES, DOCUMENT_VERSIONS, GENERAL_TINS, tinLooksValid } from './codes.ts';
import { codeProblems, fieldProblems, structureProblems, totalsProblems } from './document-rules.ts';
import { lhdnError, type LhdnErrorDetail } from './errors.ts';
import { LIMITS, type SignatureVerifier } from './options.ts';
import { documentStatus, type ReceiptView, type ValidationStep } from './store.ts';
import { issuedAt, text, type DocumentFields } from './ubl-reader.ts';

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

async function duplicates(candidate: Candidate, view: ReceiptView, now: number): Promise<LhdnErrorDetail[]> {
  const recent = await view.validSince(candidate.fields.supplier.tin ?? '', now - LIMITS.duplicateDocumentMs, candidate.uuid);
  const earlier = recent.find((doc) => doc.hash === candidate.hash || sameDocument(doc.fields, candidate.fields));
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

async function references(fields: DocumentFields, view: ReceiptView, now: number): Promise<LhdnErrorDetail[]> {
  if (!NOTE_TYPES.has(fields.typeCode ?? '')) return [];
  const problems: LhdnErrorDetail[] = [];
  for (const uuid of fields.referencedUuids) {
    const original = await view.document(uuid);
    const status = original ? documentStatus(original, now) : undefined;
    if (status === 'Valid') continue;
    const why = status ? `is ${status}` : 'does not exist';
    problems.push(detail('BadArgument', `Referenced document ${uuid} ${why}; a note may refer only to a Valid document`, 'BillingReference', 'Invoice.BillingReference.InvoiceDocumentReference.UUID'));
  }
  return problems;
}

/** The certificate in the signature's KeyInfo, as PEM; undefined when the signature holds none. */
function signingCertificatePem(document: unknown): string | undefined {
  const invoice = (document as { Invoice?: Record<string, unknown>[] } | null)?.Invoice?.[0];
  const signatures = (invoice?.UBLExtensions as Record<string, unknown>[] | undefined)?.[0]?.UBLExtension as Record<string, unknown>[] | undefined;
  const content = (signatures?.[0]?.ExtensionContent as Record<string, unknown>[] | undefined)?.[0]?.UBLDocumentSignatures as Record<string, unknown>[] | undefined;
  const signature = (content?.[0]?.SignatureInformation as Record<string, unknown>[] | undefined)?.[0]?.Signature as Record<string, unknown>[] | undefined;
  const x509 = ((signature?.[0]?.KeyInfo as Record<string, unknown>[] | undefined)?.[0]?.X509Data as Record<string, unknown>[] | undefined)?.[0];
  const base64 = text(x509?.X509Certificate);
  if (!base64) return undefined;
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, '').replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
}

/** LHDN's certificate rules for the supplier, on the certificate the document was signed with. */
function certificate(document: unknown, fields: DocumentFields, now: number): LhdnErrorDetail[] {
  const pem = signingCertificatePem(document);
  if (pem === undefined) return [];
  const check = checkSigningCertificate(pem, { tin: fields.supplier.tin ?? '', brn: fields.supplier.registration ?? '' }, new Date(now), { production: false });
  return check.problems.map((problem) => detail(problem.code, problem.message, 'Signature', 'Invoice.UBLExtensions.UBLExtension.ExtensionContent.UBLDocumentSignatures.SignatureInformation.Signature.KeyInfo.X509Data.X509Certificate'));
}

export async function validate(candidate: Candidate, view: ReceiptView, verifySignature: SignatureVerifier, now: number): Promise<{ outcome: 'Valid' | 'Invalid'; steps: ValidationStep[] }> {
  const { fields, document } = candidate;
  const core: LhdnErrorDetail[] = [];
  if (!DOCUMENT_TYPES[fields.typeCode ?? '']) core.push(detail('CF002', `e-Invoice type ${fields.typeCode} is not a valid code`, 'InvoiceTypeCode', 'Invoice.InvoiceTypeCode'));
  if (!DOCUMENT_VERSIONS.has(fields.typeVersion ?? '')) core.push(detail('CF003', `Document version ${fields.typeVersion ?? '(none)'} is not supported`, 'InvoiceTypeCode', 'Invoice.InvoiceTypeCode.listVersionID'));
  core.push(...fieldProblems(document), ...totalsProblems(document));
  const signature = verifySignature(document);
  const signatureProblems = signature.ok ? certificate(document, fields, now) : [detail('DS300', signature.reason, 'Signature', 'Invoice.Signature')];
  const steps = [
    step('Step01-Structure Validator', structureProblems(document), 'Error01', 'Structure Validator'),
    step('Step02-Core Fields Validator', core, 'Error02', 'Core Fields Validator'),
    step('Step03-Duplicated Submission Validator', await duplicates(candidate, view, now), 'Error03', 'Duplicated Submission Validator'),
    step('Step04-Signature Validator', signatureProblems, 'Error04', 'Signature Validator'),
    step('Step05-Taxpayer Validator', taxpayers(fields), 'Error05', 'Taxpayer Validator'),
    step('Step06-Referenced Documents Validator', await references(fields, view, now), 'Error06', 'Referenced Documents Validator'),
    step('Step07-Code Validator', codeProblems(document), 'Error07', 'Code Validator'),
  ];
  return { outcome: steps.some((s) => s.status === 'Invalid') ? 'Invalid' : 'Valid', steps };
}

import { CLASSIFICATION_CODES, COUNTRY_CODES, CURRENCY_CODES, GENERAL_TINS, MSIC_CODES, PAYMENT_MODES, STATE_CODES, TAX_TYPES } from './codes.ts';
import type { LhdnErrorDetail } from './errors.ts';

/**
 * The checks MyInvois runs on a document's content, pure: its UBL JSON structure (Step01), the
 * mandatory fields of e-invoice v1.1 and the totals adding up (Step02), and the code lists
 * (Step07). Each answers LHDN's error details; none means the step passes.
 */

type Node = Record<string, unknown>;

const detail = (code: string, message: string, target: string, propertyPath: string): LhdnErrorDetail => ({ code, message, target, propertyPath });

const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter((item): item is Node => Boolean(item) && typeof item === 'object' && !Array.isArray(item)) : []);
const child = (parent: Node | undefined, name: string): Node | undefined => nodes(parent?.[name])[0];
const path = (parent: Node | undefined, ...names: string[]): Node | undefined => names.reduce<Node | undefined>((node, name) => child(node, name), parent);

function textOf(node: Node | undefined): string | undefined {
  const raw = node?._;
  return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : undefined;
}

function amountOf(node: Node | undefined): number | undefined {
  const raw = node?._;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return undefined;
}

const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

// ---- Step01: structure ----

const ATTRIBUTE = /^[a-z][A-Za-z]*$/;
const ELEMENT = /^[A-Z][A-Za-z0-9]*$/;

/** Every element an array of objects; an object holds `_` (a value) and attributes, or child elements. */
function structureOf(value: unknown, where: string, problems: LhdnErrorDetail[]) {
  if (problems.length >= 20) return;
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(detail('CF001', `${where} must be a non-empty array`, where.split('.').at(-1)!, where));
    return;
  }
  value.forEach((item, i) => {
    const at = value.length > 1 ? `${where}[${i}]` : where;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(detail('CF001', `${at} must be an object`, where.split('.').at(-1)!, at));
      return;
    }
    const keys = Object.keys(item);
    const hasValue = keys.includes('_');
    for (const key of keys) {
      const v = (item as Node)[key];
      if (key === '_') {
        if (!['string', 'number', 'boolean'].includes(typeof v)) problems.push(detail('CF001', `${at} has a value that is not text, a number or a boolean`, key, at));
      } else if (ATTRIBUTE.test(key)) {
        if (typeof v !== 'string') problems.push(detail('CF001', `Attribute ${key} of ${at} must be text`, key, `${at}.${key}`));
      } else if (ELEMENT.test(key)) {
        if (hasValue) problems.push(detail('CF001', `${at} holds both a value and the element ${key}`, key, `${at}.${key}`));
        else if (key === 'UBLExtensions' || key === 'Signature') continue;
        else structureOf(v, `${at}.${key}`, problems);
      } else {
        problems.push(detail('CF001', `${key} is not a UBL element or attribute name`, key, `${at}.${key}`));
      }
    }
  });
}

export function structureProblems(document: unknown): LhdnErrorDetail[] {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return [detail('CF001', 'The document is not a JSON object', 'document', 'document')];
  const root = document as Node;
  const problems: LhdnErrorDetail[] = [];
  for (const key of Object.keys(root)) {
    if (key === '_D' || key === '_A' || key === '_B') {
      if (typeof root[key] !== 'string') problems.push(detail('CF001', `The namespace ${key} must be text`, key, key));
    } else if (key !== 'Invoice') {
      problems.push(detail('CF001', `${key} is not allowed beside Invoice`, key, key));
    }
  }
  if (!Array.isArray(root.Invoice) || root.Invoice.length !== 1) {
    problems.push(detail('CF001', 'The document must hold exactly one Invoice', 'Invoice', 'Invoice'));
    return problems;
  }
  structureOf(root.Invoice, 'Invoice', problems);
  return problems;
}

// ---- Step02: mandatory fields and totals ----

const SCHEMES = new Set(['BRN', 'NRIC', 'PASSPORT', 'ARMY']);

function partyProblems(invoice: Node, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): LhdnErrorDetail[] {
  const who = role === 'AccountingSupplierParty' ? 'Supplier' : 'Buyer';
  const base = `Invoice.${role}.Party`;
  const party = path(invoice, role, 'Party');
  const problems: LhdnErrorDetail[] = [];
  const need = (ok: boolean, field: string, sub: string) => {
    if (!ok) problems.push(detail('CF001', `${who}'s ${field} is required`, role, `${base}.${sub}`));
  };
  if (!party) {
    need(false, 'party', '');
    return problems;
  }
  const ids = nodes(party.PartyIdentification).map((entry) => child(entry, 'ID'));
  const tin = textOf(ids.find((id) => id?.schemeID === 'TIN'));
  const registration = ids.find((id) => typeof id?.schemeID === 'string' && SCHEMES.has(id.schemeID));
  need(filled(textOf(path(party, 'PartyLegalEntity', 'RegistrationName'))), 'name', 'PartyLegalEntity.RegistrationName');
  need(filled(tin), 'TIN', 'PartyIdentification.ID[schemeID=TIN]');
  need(filled(textOf(registration)), 'registration or identification number (BRN, NRIC, PASSPORT or ARMY)', 'PartyIdentification.ID');
  // A consolidated buyer (LHDN's general public TIN) may leave its address and contact empty.
  const general = who === 'Buyer' && tin !== undefined && GENERAL_TINS.has(tin);
  const address = child(party, 'PostalAddress');
  const lines = nodes(address?.AddressLine).map((line) => textOf(child(line, 'Line')));
  const present = (node: Node | undefined) => (general ? node !== undefined : filled(textOf(node)));
  need(Boolean(address) && lines.length > 0 && (general || filled(lines[0])), 'address line', 'PostalAddress.AddressLine.Line');
  need(present(child(address, 'CityName')), 'city', 'PostalAddress.CityName');
  need(present(child(address, 'CountrySubentityCode')), 'state', 'PostalAddress.CountrySubentityCode');
  need(present(path(address, 'Country', 'IdentificationCode')), 'country', 'PostalAddress.Country.IdentificationCode');
  need(present(path(party, 'Contact', 'Telephone')), 'contact number', 'Contact.Telephone');
  if (who === 'Supplier') {
    const msic = child(party, 'IndustryClassificationCode');
    need(filled(textOf(msic)), 'MSIC code', 'IndustryClassificationCode');
    need(typeof msic?.name === 'string' && msic.name.trim() !== '', 'business activity description (the MSIC code\'s name)', 'IndustryClassificationCode.name');
  }
  return problems;
}

function lineProblems(invoice: Node): LhdnErrorDetail[] {
  const lines = nodes(invoice.InvoiceLine);
  if (lines.length === 0) return [detail('CF001', 'At least one InvoiceLine is required', 'InvoiceLine', 'Invoice.InvoiceLine')];
  return lines.flatMap((line, i) => {
    const at = `Invoice.InvoiceLine[${i}]`;
    const problems: LhdnErrorDetail[] = [];
    const need = (ok: boolean, field: string, sub: string) => {
      if (!ok) problems.push(detail('CF001', `Line ${i + 1}: ${field} is required`, 'InvoiceLine', `${at}.${sub}`));
    };
    const item = child(line, 'Item');
    const classes = nodes(item?.CommodityClassification).map((entry) => child(entry, 'ItemClassificationCode')).filter((code) => code?.listID === 'CLASS');
    need(classes.some((code) => filled(textOf(code))), 'classification', 'Item.CommodityClassification.ItemClassificationCode[listID=CLASS]');
    need(filled(textOf(child(item, 'Description'))), 'description', 'Item.Description');
    need(amountOf(path(line, 'Price', 'PriceAmount')) !== undefined, 'unit price', 'Price.PriceAmount');
    need(amountOf(path(line, 'ItemPriceExtension', 'Amount')) !== undefined, 'subtotal', 'ItemPriceExtension.Amount');
    need(amountOf(path(line, 'TaxTotal', 'TaxAmount')) !== undefined, 'tax amount', 'TaxTotal.TaxAmount');
    need(filled(textOf(path(line, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'ID'))), 'tax type', 'TaxTotal.TaxSubtotal.TaxCategory.ID');
    return problems;
  });
}

/** The v1.1 mandatory fields, present and filled. */
export function fieldProblems(document: unknown): LhdnErrorDetail[] {
  const invoice = nodes((document as Node | null)?.Invoice)[0];
  if (!invoice) return [detail('CF001', 'The document has no Invoice', 'Invoice', 'Invoice')];
  const problems: LhdnErrorDetail[] = [];
  const need = (ok: boolean, message: string, target: string, code = 'CF001') => {
    if (!ok) problems.push(detail(code, message, target, `Invoice.${target}`));
  };
  need(filled(textOf(child(invoice, 'ID'))), 'e-Invoice code or number (ID) is required', 'ID');
  need(filled(textOf(child(invoice, 'IssueDate'))), 'IssueDate is required', 'IssueDate');
  need(filled(textOf(child(invoice, 'IssueTime'))), 'IssueTime is required', 'IssueTime');
  need(filled(textOf(child(invoice, 'InvoiceTypeCode'))), 'InvoiceTypeCode is required', 'InvoiceTypeCode');
  need(filled(textOf(child(invoice, 'DocumentCurrencyCode'))), 'Invoice currency code is required', 'DocumentCurrencyCode', 'CF378');
  problems.push(...partyProblems(invoice, 'AccountingSupplierParty'), ...partyProblems(invoice, 'AccountingCustomerParty'), ...lineProblems(invoice));
  need(amountOf(path(invoice, 'TaxTotal', 'TaxAmount')) !== undefined, 'Total tax amount is required', 'TaxTotal.TaxAmount');
  need(nodes(child(invoice, 'TaxTotal')?.TaxSubtotal).length > 0, 'A tax subtotal per tax type is required', 'TaxTotal.TaxSubtotal');
  for (const name of ['TaxExclusiveAmount', 'TaxInclusiveAmount', 'PayableAmount']) {
    need(amountOf(path(invoice, 'LegalMonetaryTotal', name)) !== undefined, `LegalMonetaryTotal.${name} is required`, `LegalMonetaryTotal.${name}`);
  }
  return problems;
}

const cents = (n: number) => Math.round(n * 100);

/** The document's totals against its lines: tax and taxable amount per tax type, and the payable amount. */
export function totalsProblems(document: unknown): LhdnErrorDetail[] {
  const invoice = nodes((document as Node | null)?.Invoice)[0];
  if (!invoice) return [];
  const problems: LhdnErrorDetail[] = [];
  const mismatch = (message: string, target: string) => problems.push(detail('CF367', message, target, `Invoice.${target}`));
  const byType = new Map<string, { tax: number; taxable: number }>();
  let lineTax = 0;
  for (const line of nodes(invoice.InvoiceLine)) {
    const total = child(line, 'TaxTotal');
    lineTax += cents(amountOf(child(total, 'TaxAmount')) ?? 0);
    for (const sub of nodes(total?.TaxSubtotal)) {
      const type = textOf(path(sub, 'TaxCategory', 'ID')) ?? '';
      const entry = byType.get(type) ?? { tax: 0, taxable: 0 };
      entry.tax += cents(amountOf(child(sub, 'TaxAmount')) ?? 0);
      entry.taxable += cents(amountOf(child(sub, 'TaxableAmount')) ?? 0);
      byType.set(type, entry);
    }
  }
  const docTotal = child(invoice, 'TaxTotal');
  const docTax = amountOf(child(docTotal, 'TaxAmount'));
  if (docTax !== undefined && cents(docTax) !== lineTax) mismatch(`Total tax amount ${docTax} is not the sum of the lines' tax, ${lineTax / 100}`, 'TaxTotal.TaxAmount');
  const docTypes = new Set<string>();
  for (const sub of nodes(docTotal?.TaxSubtotal)) {
    const type = textOf(path(sub, 'TaxCategory', 'ID')) ?? '';
    docTypes.add(type);
    const lines = byType.get(type) ?? { tax: 0, taxable: 0 };
    const tax = amountOf(child(sub, 'TaxAmount'));
    const taxable = amountOf(child(sub, 'TaxableAmount'));
    if (tax !== undefined && cents(tax) !== lines.tax) mismatch(`Tax amount ${tax} of tax type ${type} is not the sum of its lines' tax, ${lines.tax / 100}`, 'TaxTotal.TaxSubtotal.TaxAmount');
    if (taxable !== undefined && cents(taxable) !== lines.taxable) mismatch(`Taxable amount ${taxable} of tax type ${type} is not the sum of its lines', ${lines.taxable / 100}`, 'TaxTotal.TaxSubtotal.TaxableAmount');
  }
  for (const type of byType.keys()) {
    if (!docTypes.has(type)) mismatch(`Tax type ${type} of the lines has no tax subtotal in the document's TaxTotal`, 'TaxTotal.TaxSubtotal');
  }
  const totals = child(invoice, 'LegalMonetaryTotal');
  const amount = (name: string) => amountOf(child(totals, name));
  const exclusive = amount('TaxExclusiveAmount');
  const inclusive = amount('TaxInclusiveAmount');
  if (exclusive !== undefined && inclusive !== undefined && docTax !== undefined && cents(inclusive) !== cents(exclusive) + cents(docTax)) {
    mismatch(`TaxInclusiveAmount ${inclusive} is not TaxExclusiveAmount ${exclusive} plus the tax ${docTax}`, 'LegalMonetaryTotal.TaxInclusiveAmount');
  }
  const payable = amount('PayableAmount');
  if (inclusive !== undefined && payable !== undefined) {
    const expected = cents(inclusive) - cents(amount('PrepaidAmount') ?? 0) + cents(amount('PayableRoundingAmount') ?? 0);
    if (cents(payable) !== expected) mismatch(`PayableAmount ${payable} is not TaxInclusiveAmount less PrepaidAmount plus PayableRoundingAmount, ${expected / 100}`, 'LegalMonetaryTotal.PayableAmount');
  }
  return problems;
}

// ---- Step07: code lists ----

function everyCategory(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) everyCategory(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, sub] of Object.entries(value)) {
      if (key === 'TaxCategory') for (const category of nodes(sub)) found.push(textOf(child(category, 'ID')) ?? '');
      else if (key !== 'UBLExtensions' && key !== 'Signature') everyCategory(sub, found);
    }
  }
  return found;
}

export function codeProblems(document: unknown): LhdnErrorDetail[] {
  const invoice = nodes((document as Node | null)?.Invoice)[0];
  if (!invoice) return [];
  const problems: LhdnErrorDetail[] = [];
  const bad = (code: string, message: string, target: string, at: string) => problems.push(detail(code, message, target, at));
  for (const type of new Set(everyCategory([invoice.TaxTotal, invoice.InvoiceLine, invoice.AllowanceCharge]))) {
    if (!TAX_TYPES.has(type)) bad('CV301', `Tax type ${type} is not a valid code`, 'TaxCategory', 'Invoice.TaxTotal.TaxSubtotal.TaxCategory.ID');
  }
  const classes = nodes(invoice.InvoiceLine).flatMap((line) =>
    nodes(child(line, 'Item')?.CommodityClassification)
      .map((entry) => child(entry, 'ItemClassificationCode'))
      .filter((code) => code?.listID === 'CLASS')
      .map((code) => textOf(code) ?? ''),
  );
  for (const code of new Set(classes)) {
    if (!CLASSIFICATION_CODES.has(code)) bad('CV302', `Classification code ${code} is not a valid code`, 'ItemClassificationCode', 'Invoice.InvoiceLine.Item.CommodityClassification.ItemClassificationCode');
  }
  const supplier = path(invoice, 'AccountingSupplierParty', 'Party');
  const msic = textOf(child(supplier, 'IndustryClassificationCode'));
  if (!msic || !/^\d{5}$/.test(msic) || !MSIC_CODES.has(msic)) {
    bad('CV303', `MSIC code ${msic ?? '(none)'} is not a valid code`, 'IndustryClassificationCode', 'Invoice.AccountingSupplierParty.Party.IndustryClassificationCode');
  }
  for (const role of ['AccountingSupplierParty', 'AccountingCustomerParty'] as const) {
    const party = path(invoice, role, 'Party');
    const tin = textOf(nodes(party?.PartyIdentification).map((entry) => child(entry, 'ID')).find((id) => id?.schemeID === 'TIN'));
    const general = role === 'AccountingCustomerParty' && tin !== undefined && GENERAL_TINS.has(tin);
    const address = child(party, 'PostalAddress');
    const state = textOf(child(address, 'CountrySubentityCode'));
    const country = textOf(path(address, 'Country', 'IdentificationCode'));
    if (state !== undefined && !(general && state === '') && !STATE_CODES.has(state)) bad('CV304', `State code ${state} is not a valid code`, role, `Invoice.${role}.Party.PostalAddress.CountrySubentityCode`);
    if (country !== undefined && !(general && country === '') && !COUNTRY_CODES.has(country)) {
      bad('CV305', `Country code ${country} is not a valid code`, role, `Invoice.${role}.Party.PostalAddress.Country.IdentificationCode`);
    }
  }
  for (const means of nodes(invoice.PaymentMeans)) {
    const mode = textOf(child(means, 'PaymentMeansCode'));
    if (mode !== undefined && !PAYMENT_MODES.has(mode)) bad('CV306', `Payment mode ${mode} is not a valid code`, 'PaymentMeansCode', 'Invoice.PaymentMeans.PaymentMeansCode');
  }
  for (const name of ['DocumentCurrencyCode', 'TaxCurrencyCode']) {
    const currency = textOf(child(invoice, name));
    if (currency !== undefined && !CURRENCY_CODES.has(currency)) bad('CV307', `Currency code ${currency} is not a valid code`, name, `Invoice.${name}`);
  }
  return problems;
}

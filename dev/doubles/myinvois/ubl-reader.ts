/**
 * Reads the few fields of a UBL 2.1 JSON document (MyInvois' binding: every element an array,
 * every value under `_`) that the double checks. Anything missing reads as undefined.
 */

type Node = Record<string, unknown>;

export function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

function node(value: unknown): Node | undefined {
  const item = first(value);
  return item && typeof item === 'object' ? (item as Node) : undefined;
}

function all(value: unknown): Node[] {
  return Array.isArray(value) ? value.filter((item): item is Node => Boolean(item) && typeof item === 'object') : [];
}

/** The text of an element: `[{"_": "..."}]`. */
export function text(value: unknown): string | undefined {
  const item = node(value);
  const raw = item?._;
  return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : undefined;
}

export interface PartyFields {
  tin?: string;
  name?: string;
  /** The registration number (BRN, NRIC, passport…), as LHDN's receiverId. */
  registration?: string;
  msic?: string;
  stateCode?: string;
}

export interface DocumentFields {
  internalId?: string;
  issueDate?: string;
  issueTime?: string;
  typeCode?: string;
  typeVersion?: string;
  supplier: PartyFields;
  buyer: PartyFields;
  /** Every TaxCategory ID, of the document and of its lines. */
  taxTypes: string[];
  /** Every line's classification code (listID CLASS). */
  classifications: string[];
  /** The UUIDs of the documents a note refers to (BillingReference). */
  referencedUuids: string[];
  totals: { excludingTax?: number; discount?: number; net?: number; payable?: number };
}

function party(value: unknown): PartyFields {
  const p = node(node(value)?.Party);
  if (!p) return {};
  const ids = all(p.PartyIdentification).map((entry) => node(entry.ID));
  const scheme = (name: string) => ids.find((id) => id?.schemeID === name);
  const tinNode = scheme('TIN');
  const registration = ids.find((id) => id && id.schemeID !== 'TIN' && id.schemeID !== 'SST' && id.schemeID !== 'TTX');
  return {
    tin: typeof tinNode?._ === 'string' ? tinNode._ : undefined,
    registration: typeof registration?._ === 'string' ? registration._ : undefined,
    name: text(node(p.PartyLegalEntity)?.RegistrationName),
    msic: text(p.IndustryClassificationCode),
    stateCode: text(node(p.PostalAddress)?.CountrySubentityCode),
  };
}

/** Every `TaxCategory` under the given nodes, however deep. */
function taxCategories(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) taxCategories(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'TaxCategory') {
        for (const category of all(child)) {
          const id = text(category.ID);
          if (id !== undefined) found.push(id);
        }
      } else if (key !== 'UBLExtensions' && key !== 'Signature') {
        taxCategories(child, found);
      }
    }
  }
  return found;
}

function amount(value: unknown): number | undefined {
  const raw = node(value)?._;
  return typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
}

/** The invoice element of a document (`{"Invoice": [...]}`), or undefined. */
export function invoiceOf(document: unknown): Node | undefined {
  return document && typeof document === 'object' ? node((document as Node).Invoice) : undefined;
}

export function readDocument(document: unknown): DocumentFields {
  const invoice = invoiceOf(document) ?? {};
  const typeNode = node(invoice.InvoiceTypeCode);
  const totals = node(invoice.LegalMonetaryTotal) ?? {};
  const lines = all(invoice.InvoiceLine);
  return {
    internalId: text(invoice.ID),
    issueDate: text(invoice.IssueDate),
    issueTime: text(invoice.IssueTime),
    typeCode: typeof typeNode?._ === 'string' ? typeNode._ : undefined,
    typeVersion: typeof typeNode?.listVersionID === 'string' ? typeNode.listVersionID : undefined,
    supplier: party(invoice.AccountingSupplierParty),
    buyer: party(invoice.AccountingCustomerParty),
    taxTypes: taxCategories([invoice.TaxTotal, invoice.InvoiceLine, invoice.AllowanceCharge]),
    classifications: lines.flatMap((line) =>
      all(node(line.Item)?.CommodityClassification)
        .map((entry) => node(entry.ItemClassificationCode))
        .filter((code) => code?.listID === 'CLASS' && typeof code._ === 'string')
        .map((code) => code!._ as string),
    ),
    referencedUuids: all(invoice.BillingReference)
      .flatMap((reference) => all(reference.InvoiceDocumentReference))
      .map((reference) => text(reference.UUID))
      .filter((uuid): uuid is string => Boolean(uuid) && uuid !== 'NA'),
    totals: {
      excludingTax: amount(totals.TaxExclusiveAmount),
      discount: amount(totals.AllowanceTotalAmount),
      net: amount(totals.LineExtensionAmount),
      payable: amount(totals.PayableAmount),
    },
  };
}

/** The issue moment of `IssueDate` + `IssueTime` (UTC, `Z`), or NaN when either is malformed. */
export function issuedAt(fields: DocumentFields): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.issueDate ?? '') || !/^\d{2}:\d{2}:\d{2}Z$/.test(fields.issueTime ?? '')) return NaN;
  return Date.parse(`${fields.issueDate}T${fields.issueTime}`);
}

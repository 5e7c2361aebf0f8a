import type { RequestOf } from '../../contract/call.ts';
import type { einvoiceRequest } from '../../contract/einvoice.ts';
import { buyerProblems, type BuyerProblemKey } from '../../contract/rules/einvoice-ids.ts';
import type { BuyerIdType, BuyerType } from '../../contract/rules/einvoice-rules.ts';

/**
 * The buyer's e-invoice request form as data (docs/contracts/after-sale.md §4): what is typed, the problems
 * LHDN would find (the same `buyerProblems` the server runs) plus the fields left empty, and
 * the buyer details sent. Pure: the form island only draws it.
 */

export type EinvoiceBuyer = RequestOf<typeof einvoiceRequest>['buyer'];

export interface EinvoiceFormValues {
  type: BuyerType;
  name: string;
  /** An individual's ID type; a business is always identified by its BRN. */
  idType: Exclude<BuyerIdType, 'BRN'>;
  idValue: string;
  brn: string;
  tin: string;
  sstNo: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  postcode: string;
  city: string;
  state: string;
}

/** The form's fields, in the order they are shown (the first bad one takes the focus). */
export const formFields = ['name', 'idValue', 'brn', 'tin', 'sstNo', 'email', 'phone', 'line1', 'line2', 'postcode', 'city', 'state'] as const;
export type FormField = (typeof formFields)[number];

/** Why a field cannot be sent: one of LHDN's rules, or the form's own. */
export type FieldProblem = BuyerProblemKey | 'required' | 'email' | 'postcode';
export type FieldErrors = Partial<Record<FormField, FieldProblem>>;

/** A new form with what the invoice already knows of the buyer. */
export function initialValues(buyer: { name: string; email: string | null; phone: string }): EinvoiceFormValues {
  return {
    type: 'individual',
    name: buyer.name,
    idType: 'NRIC',
    idValue: '',
    brn: '',
    tin: '',
    sstNo: '',
    email: buyer.email ?? '',
    phone: buyer.phone,
    line1: '',
    line2: '',
    postcode: '',
    city: '',
    state: '',
  };
}

const idField = (v: EinvoiceFormValues): FormField => (v.type === 'business' ? 'brn' : 'idValue');

/** The fields this kind of buyer fills in (an individual's SST number is not asked). */
export function shownFields(type: BuyerType): FormField[] {
  return formFields.filter((f) => (type === 'business' ? f !== 'idValue' : f !== 'brn' && f !== 'sstNo'));
}

/** The request's field name (as the server's `data.field` names it) to the form's. */
export function formFieldOf(requestField: string, type: BuyerType): FormField | null {
  const name = requestField.replace(/^buyer\./, '').replace(/^address\./, '');
  if (name === 'idValue' || name === 'idType') return type === 'business' ? 'brn' : 'idValue';
  return (formFields as readonly string[]).includes(name) ? (name as FormField) : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required: FormField[] = ['name', 'email', 'phone', 'line1', 'postcode', 'city', 'state'];

/** Every problem of the form, one per field (an empty field first, then LHDN's rule). */
export function fieldErrors(v: EinvoiceFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const shown = shownFields(v.type);
  for (const f of [...required, idField(v), ...(v.type === 'business' ? (['tin', 'sstNo'] as const) : [])]) {
    if (v[f].trim() === '') errors[f] = 'required';
  }
  if (!errors.email && !EMAIL.test(v.email.trim())) errors.email = 'email';
  const problems = buyerProblems({
    type: v.type,
    tin: v.tin,
    idType: v.type === 'business' ? 'BRN' : v.idType,
    idValue: v[idField(v)],
    sstNo: v.type === 'business' ? v.sstNo : undefined,
    // The postcode's own shape is the form's to say; LHDN's rule is only whether it is the state's.
    address: { postcode: v.postcode, state: v.state },
  });
  for (const p of problems) {
    const field = formFieldOf(p.field, v.type);
    if (field && shown.includes(field) && !errors[field]) errors[field] = p.key;
  }
  // A postcode that is no Malaysian postcode at all, or without a state to check it against, is left to the state's field.
  if (errors.postcode === 'einvoice.postcodeState') {
    if (!/^\d{5}$/.test(v.postcode.normalize('NFKC').trim())) errors.postcode = 'postcode';
    else if (errors.state) delete errors.postcode;
  }
  return errors;
}

/** The first field with a problem, in the order shown. */
export function firstBad(errors: FieldErrors): FormField | null {
  return formFields.find((f) => errors[f]) ?? null;
}

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The buyer as the request sends it: trimmed, empty optional fields left out, a business's BRN as its ID. */
export function buyerOf(v: EinvoiceFormValues): EinvoiceBuyer {
  const business = v.type === 'business';
  const tin = optional(v.tin);
  const sstNo = business ? optional(v.sstNo)?.toUpperCase() : undefined;
  const line2 = optional(v.line2);
  return {
    type: v.type,
    name: v.name.trim(),
    ...(tin ? { tin: tin.toUpperCase() } : {}),
    idType: business ? 'BRN' : v.idType,
    idValue: (business ? v.brn : v.idValue).trim(),
    ...(sstNo ? { sstNo } : {}),
    email: v.email.trim(),
    phone: v.phone.trim(),
    address: {
      line1: v.line1.trim(),
      ...(line2 ? { line2 } : {}),
      postcode: v.postcode.trim(),
      city: v.city.trim(),
      state: v.state as EinvoiceBuyer['address']['state'],
    },
  };
}

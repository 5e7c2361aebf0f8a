import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { codeProblems, fieldProblems, structureProblems } from '../../dev/doubles/myinvois/document-rules.ts';
import { createMyInvoisDouble, type MyInvoisDouble } from '../../dev/doubles/myinvois/index.ts';
import { envelopeEntry, SELLER_TIN, ublDocument, type DocumentShape } from './myinvois-fixtures.ts';
import { samplesDir } from './myinvois-samples.ts';

/** The local MyInvois double answers as MyInvois does: each refusal, each state move. */

const START = Date.parse('2026-11-02T02:00:00Z');
const HOUR = 3600_000;
const client = { clientId: 'shop', clientSecret: 'shop-secret', tin: SELLER_TIN, name: 'Servauto Demo Sdn. Bhd.' };
const other = { clientId: 'other', clientSecret: 'other-secret', tin: 'C20000000000' };

let now: number;
let double: MyInvoisDouble;

beforeEach(() => {
  now = START;
  double = createMyInvoisDouble({ clients: [client, other], clock: () => now, validationDelayMs: 50, tokenSeconds: 3600, portalBase: 'https://portal.test' });
});

function login(id = client.clientId, secret = client.clientSecret) {
  return double.app.request('/connect/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: id, client_secret: secret, grant_type: 'client_credentials', scope: 'InvoicingAPI' }).toString(),
  });
}

async function token(id = client.clientId, secret = client.clientSecret): Promise<string> {
  const answer = await login(id, secret);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function call(path: string, init: RequestInit & { bearer?: string } = {}) {
  const bearer = init.bearer ?? (await token());
  return double.app.request(path, { ...init, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers } });
}

const submitRaw = (body: string, bearer?: string) => call('/api/v1.0/documentsubmissions/', { method: 'POST', body, ...(bearer ? { bearer } : {}) });
const submit = (documents: unknown[], bearer?: string) => submitRaw(JSON.stringify({ documents }), bearer);
const submitOne = (shape: DocumentShape = {}, bearer?: string) => submit([envelopeEntry(ublDocument({ issuedAt: now - 60_000, ...shape }))], bearer);

type SubmitAnswer = { submissionUid: string; acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[]; rejectedDocuments: { invoiceCodeNumber: string; error: { code: string; message: string; target: string | null } }[] };
type Json = Record<string, any>;

async function accepted(shape: DocumentShape = {}): Promise<{ submissionUid: string; uuid: string }> {
  const answer = await submitOne(shape);
  expect(answer.status).toBe(202);
  const body = (await answer.json()) as SubmitAnswer;
  expect(body.rejectedDocuments).toEqual([]);
  return { submissionUid: body.submissionUid, uuid: body.acceptedDocuments[0]!.uuid };
}

async function rejection(shape: DocumentShape) {
  const body = (await (await submitOne(shape)).json()) as SubmitAnswer;
  expect(body.acceptedDocuments).toEqual([]);
  return body.rejectedDocuments[0]!.error;
}

async function details(uuid: string): Promise<Json> {
  return (await (await call(`/api/v1.0/documents/${uuid}/details`)).json()) as Json;
}

/** The Invalid steps of a document once validated, with their detail codes. */
async function invalidSteps(uuid: string) {
  now += 100;
  const doc = await details(uuid);
  expect(doc.status).toBe('Invalid');
  return (doc.validationResults.validationSteps as Json[]).filter((s) => s.status === 'Invalid').map((s) => ({ name: s.name, codes: (s.error.details as Json[]).map((d) => d.code), messages: (s.error.details as Json[]).map((d) => d.message) }));
}

describe('logging in', () => {
  test('gives a bearer token for an hour', async () => {
    const answer = await login();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'InvoicingAPI' });
  });

  test('refuses an unknown client or a wrong secret with 403 invalid_client', async () => {
    for (const answer of [await login('stranger', 'x'), await login(client.clientId, 'wrong')]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  test('answers the 13th login within a minute with 429 and Retry-After, and takes logins again after', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await login()).status).toBe(200);
      now += 1000;
    }
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(48);
    now += 48_000;
    expect((await login()).status).toBe(200);
  });

  test('an expired or unknown token gets 401', async () => {
    const bearer = await token();
    expect((await call('/api/v1.0/documentsubmissions/NOPE', { bearer })).status).toBe(404);
    now += HOUR;
    expect((await call('/api/v1.0/documentsubmissions/NOPE', { bearer })).status).toBe(401);
    expect((await call('/api/v1.0/documentsubmissions/NOPE', { bearer: 'made-up' })).status).toBe(401);
  });
});

describe('a submission refused whole', () => {
  test('400 BadStructure for a malformed envelope', async () => {
    for (const body of ['not json', JSON.stringify({ documents: [] }), JSON.stringify({ documents: [{ format: 'JSON', document: 'e30=' }] }), JSON.stringify({ docs: [] })]) {
      const answer = await submitRaw(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Json).error.code).toBe('BadStructure');
    }
  });

  test('400 MaximumSizeExceeded beyond 100 documents, 300 KB a document or 5 MB in all', async () => {
    const many = Array.from({ length: 101 }, (_, i) => envelopeEntry(ublDocument({ id: `INV-${i}`, issuedAt: now }), `INV-${i}`));
    const big = { ...ublDocument({ issuedAt: now }), padding: 'x'.repeat(301 * 1024) };
    for (const answer of [await submit(many), await submit([envelopeEntry(big)]), await submitRaw(JSON.stringify({ documents: [envelopeEntry(ublDocument())], pad: 'x'.repeat(5 * 1024 * 1024) }))]) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Json).error.code).toBe('MaximumSizeExceeded');
    }
  });

  test('an identical submission within 10 minutes answers 422 DuplicateSubmission with Retry-After', async () => {
    const body = JSON.stringify({ documents: [envelopeEntry(ublDocument({ issuedAt: now - 60_000 }))] });
    expect((await submitRaw(body)).status).toBe(202);
    now += 4 * 60_000;
    const again = await submitRaw(body);
    expect(again.status).toBe(422);
    expect(again.headers.get('retry-after')).toBe('360');
    expect(((await again.json()) as Json).error.code).toBe('DuplicateSubmission');
  });
});

describe('a document rejected at once', () => {
  test('whose documentHash is not its SHA-256', async () => {
    const entry = { ...envelopeEntry(ublDocument({ issuedAt: now })), documentHash: 'a'.repeat(64) };
    const body = (await (await submit([entry, envelopeEntry(ublDocument({ id: 'INV-0002', issuedAt: now }), 'INV-0002')])).json()) as SubmitAnswer;
    expect(body.rejectedDocuments).toEqual([{ invoiceCodeNumber: 'INV-0001', error: expect.objectContaining({ code: 'BadArgument', target: 'documentHash' }) }]);
    expect(body.acceptedDocuments.map((d) => d.invoiceCodeNumber)).toEqual(['INV-0002']);
  });

  test('whose supplier is not the caller’s taxpayer', async () => {
    expect(await rejection({ supplierTin: other.tin })).toMatchObject({ code: 'IncorrectSubmitter', message: 'The authenticated TIN and documents TIN is not matching' });
  });

  test('issued more than 72 hours ago, or in the future', async () => {
    expect(await rejection({ issuedAt: now - 73 * HOUR })).toMatchObject({ code: 'CF321' });
    expect(await rejection({ issuedAt: now + 60_000 })).toMatchObject({ message: 'Document issuance date and time is in the future' });
  });
});

describe('validation', () => {
  test('moves a document from Submitted to Valid after the delay, with its longId', async () => {
    const { submissionUid, uuid } = await accepted();
    const first = (await (await call(`/api/v1.0/documentsubmissions/${submissionUid}`)).json()) as Json;
    expect(first).toMatchObject({ submissionUid, documentCount: 1, overallStatus: 'in progress', documentSummary: [{ uuid, submissionUid, internalId: 'INV-0001', status: 'Submitted', longId: null }] });
    now += 50;
    const later = (await (await call(`/api/v1.0/documentsubmissions/${submissionUid}`)).json()) as Json;
    expect(later.overallStatus).toBe('valid');
    expect(later.documentSummary[0]).toMatchObject({ status: 'Valid', issuerTin: SELLER_TIN, typeName: 'Invoice', typeVersionName: '1.1' });
    expect(later.documentSummary[0].longId).toMatch(/^[A-Z0-9]{40}$/);
    const share = await double.app.request(`/${uuid}/share/${later.documentSummary[0].longId}`);
    expect(share.status).toBe(200);
    expect(await share.text()).toContain('Valid');
  });

  test('marks bad codes Invalid in the Code Validator step, in LHDN’s error shape', async () => {
    const { uuid } = await accepted({ taxType: '07', classification: '046', msic: '99999', buyerState: '18' });
    const doc = await details(uuid);
    expect(doc.status).toBe('Submitted');
    const steps = await invalidSteps(uuid);
    expect(steps).toEqual([{ name: 'Step07-Code Validator', codes: ['CV301', 'CV302', 'CV303', 'CV304'], messages: expect.any(Array) }]);
    const step = ((await details(uuid)).validationResults.validationSteps as Json[]).find((s) => s.status === 'Invalid')!;
    expect(Object.keys(step.error).sort()).toEqual(['code', 'details', 'message', 'propertyPath', 'target']);
  });

  test('accepts the shop’s MSIC 45200, tax types 01–06 and E, classification 001–045 and state 17', async () => {
    for (const [i, shape] of ([{ taxType: 'E', classification: '045', buyerState: '17' }, { taxType: '06', classification: '001' }] as DocumentShape[]).entries()) {
      const { uuid } = await accepted({ ...shape, id: `INV-${i}` });
      now += 100;
      expect((await details(uuid)).status).toBe('Valid');
    }
  });

  test('marks a TIN of no known shape Invalid in the Taxpayer Validator step', async () => {
    const { uuid } = await accepted({ buyerTin: 'X1234' });
    expect(await invalidSteps(uuid)).toEqual([{ name: 'Step05-Taxpayer Validator', codes: ['BadArgument'], messages: ['Buyer TIN X1234 is not a valid TIN'] }]);
  });

  test('marks an unsigned document Invalid, and runs the verifier it is given', async () => {
    const { uuid } = await accepted({ signed: false });
    expect((await invalidSteps(uuid))[0]).toMatchObject({ name: 'Step04-Signature Validator', messages: ['The document has no UBLExtensions (no signature)'] });
    double = createMyInvoisDouble({ clients: [client], clock: () => now, validationDelayMs: 0, verifySignature: () => ({ ok: false, reason: 'Digest of the signed properties does not match' }) });
    const signed = await accepted();
    expect((await invalidSteps(signed.uuid))[0]).toMatchObject({ name: 'Step04-Signature Validator', messages: ['Digest of the signed properties does not match'] });
  });

  test('marks a repeat of the same document within two hours Invalid (duplicate), and not after', async () => {
    const issuedAt = now - 60_000;
    const original = await accepted({ issuedAt });
    now += 11 * 60_000;
    const repeat = await accepted({ issuedAt });
    const steps = await invalidSteps(repeat.uuid);
    expect(steps).toEqual([{ name: 'Step03-Duplicated Submission Validator', codes: ['DS302'], messages: [expect.stringContaining(original.uuid)] }]);
    now += 2 * HOUR;
    const later = await accepted({ issuedAt: now - 60_000 });
    now += 100;
    expect((await details(later.uuid)).status).toBe('Valid');
  });
});

describe('cancelling', () => {
  const cancel = (uuid: string, reason = 'Wrong buyer details') => call(`/api/v1.0/documents/state/${uuid}/state`, { method: 'PUT', body: JSON.stringify({ status: 'cancelled', reason }) });

  test('a Valid document within 72 hours of its validation', async () => {
    const { uuid } = await accepted();
    now += 71 * HOUR;
    const answer = await cancel(uuid);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ uuid, status: 'Cancelled' });
    expect(await details(uuid)).toMatchObject({ status: 'Cancelled', documentStatusReason: 'Wrong buyer details' });
  });

  test('is refused after 72 hours', async () => {
    const { uuid } = await accepted();
    now += 72 * HOUR + 1000;
    const answer = await cancel(uuid);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).error.code).toBe('OperationPeriodOver');
  });

  test('is refused while a Valid note refers to the document', async () => {
    const { uuid } = await accepted();
    now += 100;
    const note = await accepted({ id: 'CN-0001', typeCode: '02', referencedUuid: uuid });
    now += 100;
    expect((await details(note.uuid)).status).toBe('Valid');
    const answer = await cancel(uuid);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).error.code).toBe('ActiveReferencingDocuments');
    expect((await cancel(note.uuid)).status).toBe(200);
    expect((await cancel(uuid)).status).toBe(200);
  });

  test('is refused for a document still validating or Invalid, or another taxpayer’s', async () => {
    const { uuid } = await accepted({ taxType: 'X' });
    expect(((await (await cancel(uuid)).json()) as Json).error.code).toBe('IncorrectState');
    now += 100;
    expect(((await (await cancel(uuid)).json()) as Json).error.code).toBe('IncorrectState');
    const otherToken = await token(other.clientId, other.clientSecret);
    const foreign = await call(`/api/v1.0/documents/state/${uuid}/state`, { method: 'PUT', bearer: otherToken, body: JSON.stringify({ status: 'cancelled', reason: 'x' }) });
    expect(foreign.status).toBe(403);
  });
});

describe('validation as LHDN runs it', () => {
  const party = (invoice: Json, role: string) => invoice[role][0].Party[0];

  test('a document missing a v1.1 mandatory field is Invalid at the core fields step, naming the field with LHDN’s code', async () => {
    const cases: [string, (invoice: Json) => void, string, string][] = [
      ['supplier name', (i) => delete party(i, 'AccountingSupplierParty').PartyLegalEntity, 'CF001', 'Invoice.AccountingSupplierParty.Party.PartyLegalEntity.RegistrationName'],
      ['supplier BRN', (i) => party(i, 'AccountingSupplierParty').PartyIdentification.splice(1, 1), 'CF001', 'Invoice.AccountingSupplierParty.Party.PartyIdentification.ID'],
      ['buyer TIN', (i) => party(i, 'AccountingCustomerParty').PartyIdentification.splice(0, 1), 'CF001', 'Invoice.AccountingCustomerParty.Party.PartyIdentification.ID[schemeID=TIN]'],
      ['supplier city', (i) => delete party(i, 'AccountingSupplierParty').PostalAddress[0].CityName, 'CF001', 'Invoice.AccountingSupplierParty.Party.PostalAddress.CityName'],
      ['supplier address line', (i) => (party(i, 'AccountingSupplierParty').PostalAddress[0].AddressLine = [{ Line: [{ _: ' ' }] }]), 'CF001', 'Invoice.AccountingSupplierParty.Party.PostalAddress.AddressLine.Line'],
      ['supplier phone', (i) => delete party(i, 'AccountingSupplierParty').Contact, 'CF001', 'Invoice.AccountingSupplierParty.Party.Contact.Telephone'],
      ['MSIC name', (i) => delete party(i, 'AccountingSupplierParty').IndustryClassificationCode[0].name, 'CF001', 'Invoice.AccountingSupplierParty.Party.IndustryClassificationCode.name'],
      ['line description', (i) => delete i.InvoiceLine[0].Item[0].Description, 'CF001', 'Invoice.InvoiceLine[0].Item.Description'],
      ['line unit price', (i) => delete i.InvoiceLine[0].Price, 'CF001', 'Invoice.InvoiceLine[0].Price.PriceAmount'],
      ['line subtotal', (i) => delete i.InvoiceLine[0].ItemPriceExtension, 'CF001', 'Invoice.InvoiceLine[0].ItemPriceExtension.Amount'],
      ['payable amount', (i) => delete i.LegalMonetaryTotal[0].PayableAmount, 'CF001', 'Invoice.LegalMonetaryTotal.PayableAmount'],
      ['currency', (i) => delete i.DocumentCurrencyCode, 'CF378', 'Invoice.DocumentCurrencyCode'],
    ];
    const bearer = await token();
    const answer = (await (await submit(cases.map(([field, edit]) => envelopeEntry(ublDocument({ id: `INV-${field}`, issuedAt: now - 60_000, edit }), `INV-${field}`)), bearer)).json()) as SubmitAnswer;
    expect(answer.acceptedDocuments).toHaveLength(cases.length);
    now += 100;
    for (const [i, [field, , code, propertyPath]] of cases.entries()) {
      const doc = (await (await call(`/api/v1.0/documents/${answer.acceptedDocuments[i]!.uuid}/details`, { bearer })).json()) as Json;
      const steps = doc.validationResults.validationSteps as Json[];
      const core = steps.find((s) => s.name === 'Step02-Core Fields Validator')!;
      expect({ field, status: core.status, details: core.error?.details }).toEqual({ field, status: 'Invalid', details: [expect.objectContaining({ code, propertyPath })] });
    }
  });

  test('a code not in LHDN’s lists is Invalid at the code step: country, payment mode, currency', async () => {
    const { uuid } = await accepted({
      edit: (i) => {
        party(i, 'AccountingCustomerParty').PostalAddress[0].Country[0].IdentificationCode[0]._ = 'XYZ';
        i.PaymentMeans = [{ PaymentMeansCode: [{ _: '09' }] }];
        i.DocumentCurrencyCode = [{ _: 'ABC' }];
      },
    });
    expect(await invalidSteps(uuid)).toEqual([
      { name: 'Step07-Code Validator', codes: ['CV305', 'CV306', 'CV307'], messages: ['Country code XYZ is not a valid code', 'Payment mode 09 is not a valid code', 'Currency code ABC is not a valid code'] },
    ]);
  });

  test('totals that do not add up per tax type are Invalid at the core fields step', async () => {
    const { uuid } = await accepted({
      edit: (i) => {
        i.TaxTotal[0].TaxSubtotal[0].TaxAmount[0]._ = 9;
        i.TaxTotal[0].TaxAmount[0]._ = 9;
        i.LegalMonetaryTotal[0].PayableAmount[0]._ = 109.5;
      },
    });
    const [core] = await invalidSteps(uuid);
    expect(core!.name).toBe('Step02-Core Fields Validator');
    expect(core!.codes.every((c) => c === 'CF367')).toBe(true);
    expect(core!.messages).toEqual([
      'Total tax amount 9 is not the sum of the lines\u2019 tax, 8'.replace('\u2019', "'"),
      'Tax amount 9 of tax type 02 is not the sum of its lines\u2019 tax, 8'.replace('\u2019', "'"),
      'TaxInclusiveAmount 108 is not TaxExclusiveAmount 100 plus the tax 9',
      'PayableAmount 109.5 is not TaxInclusiveAmount less PrepaidAmount plus PayableRoundingAmount, 108',
    ]);
  });

  test('a document that is not UBL JSON in its structure is Invalid at the structure step', async () => {
    const { uuid } = await accepted({ edit: (i) => (i.InvoicePeriod = { StartDate: '2026-11-01' }) });
    expect(await invalidSteps(uuid)).toEqual([{ name: 'Step01-Structure Validator', codes: ['CF001'], messages: ['Invoice.InvoicePeriod must be a non-empty array'] }]);
  });

  test('a document signed with a certificate that is not the supplier’s is Invalid at the signature step with LHDN’s code', async () => {
    const sample = JSON.parse(readFileSync(path.join(samplesDir, 'invoice-1.1.json'), 'utf8').replace(/^\uFEFF/, '')) as Json;
    const { uuid } = await accepted({ edit: (i) => (i.UBLExtensions = sample.Invoice[0].UBLExtensions) });
    const [signature] = await invalidSteps(uuid);
    expect(signature!.name).toBe('Step04-Signature Validator');
    expect(signature!.codes).toEqual(expect.arrayContaining([expect.stringMatching(/^DS3(07|11)$/), 'DS312']));
  });

  test('the shop’s own complete document is Valid at every step', async () => {
    const { uuid } = await accepted();
    now += 100;
    expect((await details(uuid)).validationResults).toEqual({ status: 'Valid', validationSteps: expect.arrayContaining([{ name: 'Step02-Core Fields Validator', status: 'Valid' }]) });
  });
});

describe('LHDN’s own samples', () => {
  for (const file of readdirSync(samplesDir).filter((name) => name.endsWith('.json'))) {
    test(`${file} passes the structure, mandatory field and code checks`, () => {
      const document = JSON.parse(readFileSync(path.join(samplesDir, file), 'utf8').replace(/^\uFEFF/, ''));
      expect({ structure: structureProblems(document), fields: fieldProblems(document), codes: codeProblems(document) }).toEqual({ structure: [], fields: [], codes: [] });
    });
  }
});

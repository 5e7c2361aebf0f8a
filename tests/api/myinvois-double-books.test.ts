import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';
import { createMyInvoisDouble, type MyInvoisDouble } from '../../dev/doubles/myinvois/index.ts';
import { envelopeEntry, SELLER_TIN, ublDocument, type DocumentShape } from '../unit/myinvois-fixtures.ts';

/**
 * The local MyInvois double keeps its books in the database: two doubles on one database (two
 * API processes, or one before and one after a restart) answer the same.
 */

const START = Date.parse('2026-11-02T02:00:00Z');
const client = { clientId: 'shop', clientSecret: 'shop-secret', tin: SELLER_TIN, name: 'Servauto Demo Sdn. Bhd.' };
type Json = Record<string, any>;

function doubleOn(db: Database['db'], clock: () => number): MyInvoisDouble {
  return createMyInvoisDouble({ db, clients: [client], clock, validationDelayMs: 50 });
}

async function caller(double: MyInvoisDouble) {
  const login = await double.app.request('/connect/token', {
    method: 'POST',
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return (path: string, init: RequestInit = {}) => double.app.request(path, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
}

const body = (codeNumber: string, issuedAt: number, shape: DocumentShape = {}) => JSON.stringify({ documents: [envelopeEntry(ublDocument({ id: codeNumber, issuedAt, ...shape }), codeNumber)] });

describe('two doubles on one database (PGlite)', () => {
  let database: Database;
  let now = START;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateDoubles(database.db);
  });
  afterAll(() => database?.close());

  test('what one received the other answers: its submission, details, search, a note on it, the 10-minute rule and a cancellation', async () => {
    const one = await caller(doubleOn(database.db, () => now));
    const sent = body('INV-1', now - 60_000);
    const first = (await (await one('/api/v1.0/documentsubmissions/', { method: 'POST', body: sent })).json()) as Json;
    const uuid = first.acceptedDocuments[0].uuid as string;
    now += 100;

    // A restart, or the other process: a double of its own on the same database.
    const two = await caller(doubleOn(database.db, () => now));
    expect(((await (await two(`/api/v1.0/documentsubmissions/${first.submissionUid}`)).json()) as Json).overallStatus).toBe('valid');
    expect(((await (await two(`/api/v1.0/documents/${uuid}/details`)).json()) as Json).status).toBe('Valid');
    const search = new URLSearchParams({ submissionDateFrom: new Date(now - 3600_000).toISOString(), submissionDateTo: new Date(now).toISOString(), searchQuery: 'INV-1' });
    expect(((await (await two(`/api/v1.0/documents/search?${search.toString()}`)).json()) as Json).result).toEqual([expect.objectContaining({ uuid, internalId: 'INV-1', status: 'Valid' })]);

    const again = await two('/api/v1.0/documentsubmissions/', { method: 'POST', body: sent });
    expect(again.status).toBe(422);

    const note = (await (await two('/api/v1.0/documentsubmissions/', { method: 'POST', body: body('RN-1', now - 1000, { typeCode: '04', referencedUuid: uuid }) })).json()) as Json;
    now += 100;
    expect(((await (await one(`/api/v1.0/documents/${note.acceptedDocuments[0].uuid}/details`)).json()) as Json).status).toBe('Valid');
    const refused = await one(`/api/v1.0/documents/state/${uuid}/state`, { method: 'PUT', body: JSON.stringify({ status: 'cancelled', reason: 'Refunded' }) });
    expect(((await refused.json()) as Json).error.code).toBe('ActiveReferencingDocuments');
  });
});

// Two connection pools, as two API processes: PGlite runs one transaction at a time.
describe.skipIf(!process.env.DATABASE_URL)('two doubles on one PostgreSQL at once (needs PostgreSQL)', () => {
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    one = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    two = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    await migrateDoubles(one.db);
    await one.db.execute(sql.raw('truncate table myinvois_double_documents, myinvois_double_submissions, myinvois_double_bodies'));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  test('the same body sent to both at once is taken once; every document sent to either ends Valid, none left Submitted, notes find their originals', async () => {
    let now = START;
    const doubles = [doubleOn(one.db, () => now), doubleOn(two.db, () => now)];
    const callers = await Promise.all(doubles.map(caller));
    const submit = (i: number, text: string) => callers[i % 2]!('/api/v1.0/documentsubmissions/', { method: 'POST', body: text });

    const same = body('INV-SAME', now - 60_000);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(i, same)));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 422, 422, 422, 422, 422, 422, 422]);

    const invoices = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await (await submit(i, body(`INV-${i}`, now - 60_000))).json()) as Json));
    now += 100;
    const notes = await Promise.all(invoices.map(async (invoice, i) => (await (await submit(i + 1, body(`RN-${i}`, now - 1000, { typeCode: '04', referencedUuid: invoice.acceptedDocuments[0].uuid }))).json()) as Json));
    now += 100;
    const statuses = await Promise.all(
      [...invoices, ...notes].map(async (answer, i) => ((await (await callers[i % 2]!(`/api/v1.0/documents/${answer.acceptedDocuments[0].uuid}/details`)).json()) as Json).status as string),
    );
    expect(statuses).toEqual(Array.from({ length: 24 }, () => 'Valid'));
  });
});

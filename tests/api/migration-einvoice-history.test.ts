import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';



describe('upgrading a database with e-invoice documents made before their history was kept', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let before: string;
  const doc = (n: number, status: string) => `
    insert into einvoice_documents (id, claim_key, type, document_no, month, status, total_sen, created_at, updated_at)
    values ('00000000-0000-4000-8000-00000000000${n}', 'invoice:${n}', 'invoice', 'INV-00000${n}', '2025-05', '${status}', 10800, '2025-05-0${n}T01:00:00Z', '2025-05-0${n}T05:00:00Z');`;

  beforeAll(async () => {
    before = migrationsBefore('einvoice_document_history');
    await migrate(db, { migrationsFolder: before });
    await client.exec([doc(1, 'PENDING'), doc(2, 'VALID'), doc(3, 'INVALID'), doc(4, 'CANCELLED')].join('\n'));
    await migrate(db, { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test('each gets its claim, and the status it is in as of its last change', async () => {
    const rows = (
      await client.query<{ document_no: string; event: string; status: string; by: string; at: Date }>(
        `select d.document_no, h.event, h.status, h.by, h.at from einvoice_document_history h join einvoice_documents d on d.id = h.document_id order by d.document_no, h.id`,
      )
    ).rows.map((r) => `${r.document_no} ${r.event} ${r.status} ${r.by} ${new Date(r.at).toISOString()}`);
    expect(rows).toEqual([
      'INV-000001 claim PENDING system 2025-05-01T01:00:00.000Z',
      'INV-000002 claim PENDING system 2025-05-02T01:00:00.000Z',
      'INV-000002 validate VALID system 2025-05-02T05:00:00.000Z',
      'INV-000003 claim PENDING system 2025-05-03T01:00:00.000Z',
      'INV-000003 invalidate INVALID system 2025-05-03T05:00:00.000Z',
      'INV-000004 claim PENDING system 2025-05-04T01:00:00.000Z',
      'INV-000004 cancel CANCELLED system 2025-05-04T05:00:00.000Z',
    ]);
  });
});

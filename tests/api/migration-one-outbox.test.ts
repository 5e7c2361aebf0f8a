import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';



describe('upgrading a database whose order SMS were kept apart from the outbox', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let before: string;
  const ORDER = '00000000-0000-4000-8000-0000000000a1';
  const rows = async (query: string) => (await client.query<Record<string, unknown>>(query)).rows;

  beforeAll(async () => {
    before = migrationsBefore('one_outbox');
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into orders (id, order_no, customer_id, status, method, car, car_plate, contact, parts_sen, labour_sen, service_tax_sen, goods_sen,
        delivery_fee_sen, discount_sen, total_sen, language, idempotency_key, request_hash, created_at, updated_at)
      values ('${ORDER}', 'SA-A', '00000000-0000-4000-8000-00000000000c', 'UPCOMING', 'install',
        '{"variantId":"v","brand":"Perodua","model":"Myvi","variant":"1.5","sizeClass":"S"}', 'WXY 1', '{"name":"Aminah","phone":"+60123456789"}',
        0, 10000, 800, 10800, 0, 0, 10800, 'en', 'key-a', 'hash', '2025-05-01T00:00:00Z', '2025-05-01T00:00:00Z');
      insert into outbox_messages (channel, "to", subject, text, at, state, tries, sent_at)
        values ('email', 'aminah@example.com', 'Road tax', 'Your road tax', '2025-05-01T01:00:00Z', 'sent', 1, '2025-05-01T01:00:00Z');
      insert into order_notices (order_id, kind, key, phone, text, at, sent, state, tries, last_error, refused, next_try_at, sent_at, provider_ref) values
        ('${ORDER}', 'bookingConfirmed', null, '+60123456789', 'Paid', '2025-05-01T02:00:00Z', true, 'sent', 1, null, false, null, '2025-05-01T02:00:01Z', 'SM1'),
        ('${ORDER}', 'reminder', 'reminder:${ORDER}:1', '+60123456789', 'Tomorrow', '2025-05-02T02:00:00Z', false, 'sending', 2, 'SMS provider answered 503', false, '2025-05-02T02:10:00Z', null, null),
        ('${ORDER}', 'shipped', null, '+60123456789', 'Shipped', '2025-05-03T02:00:00Z', false, 'failed', 1, 'SMS provider answered 400: 21211', true, null, null, null);
      insert into jobs (kind, key, run_at, payload, created_at) values
        ('notice.send', 'notice.send:2:2', '2025-05-02T02:10:00Z', '{"noticeId": 2}', '2025-05-02T02:00:00Z'),
        ('payment.timeout', 'payment.timeout:x', '2025-05-02T02:10:00Z', '{}', '2025-05-02T02:00:00Z');
    `);
    await migrate(db, { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test('every SMS about an order is in the one outbox, in its order, with its state, tries, error, next try and reference', async () => {
    const moved = await rows(`select channel, "to", text, kind, key, state, tries, last_error, refused, next_try_at, sent_at, provider_ref, claimed_until
      from outbox_messages where order_id = '${ORDER}' order by id`);
    expect(moved).toEqual([
      { channel: 'sms', to: '+60123456789', text: 'Paid', kind: 'bookingConfirmed', key: null, state: 'sent', tries: 1, last_error: null, refused: false, next_try_at: null, sent_at: new Date('2025-05-01T02:00:01Z'), provider_ref: 'SM1', claimed_until: null },
      { channel: 'sms', to: '+60123456789', text: 'Tomorrow', kind: 'reminder', key: `reminder:${ORDER}:1`, state: 'sending', tries: 2, last_error: 'SMS provider answered 503', refused: false, next_try_at: new Date('2025-05-02T02:10:00Z'), sent_at: null, provider_ref: null, claimed_until: null },
      { channel: 'sms', to: '+60123456789', text: 'Shipped', kind: 'shipped', key: null, state: 'failed', tries: 1, last_error: 'SMS provider answered 400: 21211', refused: true, next_try_at: null, sent_at: null, provider_ref: null, claimed_until: null },
    ]);
    expect(await rows(`select channel, state, order_id from outbox_messages where order_id is null`)).toEqual([{ channel: 'email', state: 'sent', order_id: null }]);
    expect(await rows(`select to_regclass('order_notices') as t`)).toEqual([{ t: null }]);
  });

  test('the jobs that sent one notice each are done (the deliverer reads the outbox); other jobs wait as before', async () => {
    expect(await rows(`select kind, done_at is not null as done from jobs order by id`)).toEqual([
      { kind: 'notice.send', done: true },
      { kind: 'payment.timeout', done: false },
    ]);
  });
});

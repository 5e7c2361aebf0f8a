import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMyInvoisClient } from '../../server/providers/einvoice/client.ts';
import { startMyInvoisDouble, type RunningDouble } from '../../dev/doubles/myinvois/index.ts';
import { SELLER_TIN, ublDocument } from '../unit/myinvois-fixtures.ts';

/** The local MyInvois double on its own port, as the real API is reached: over HTTP with global fetch. */

let running: RunningDouble;

beforeAll(async () => {
  running = await startMyInvoisDouble({ clients: [{ clientId: 'shop', clientSecret: 'shop-secret', tin: SELLER_TIN }], validationDelayMs: 20 });
});
afterAll(async () => {
  await running?.close();
});

test('a document submitted over HTTP turns Valid, and its validation link opens the double’s share page', async () => {
  const myinvois = createMyInvoisClient({ baseUrl: running.url, clientId: 'shop', clientSecret: 'shop-secret' });
  const submitted = await myinvois.submit([{ codeNumber: 'INV-1', text: JSON.stringify(ublDocument({ id: 'INV-1', issuedAt: Date.now() - 60_000 })) }]);
  expect(submitted.ok ? null : submitted.error).toBeNull();
  const uid = submitted.ok ? submitted.value[0]!.submissionUid : '';
  const done = await myinvois.pollUntilDone(uid, { intervalMs: 25, timeoutMs: 5000 });
  expect(done.ok).toBe(true);
  if (!done.ok) return;
  const document = done.value.documents[0]!;
  expect(document.status).toBe('Valid');
  const page = await fetch(`${running.url}/${document.uuid}/share/${document.longId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('INV-1');
});

import { serve, type ServerType } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { createMyInvoisDouble, type MyInvoisDouble } from '../../dev/doubles/myinvois/app.ts';
import { verifyDocumentSignature } from '../../server/providers/einvoice/signature.ts';
import type { UblDocument } from '../../server/providers/einvoice/ubl/document.ts';
import { FIND_EINVOICE, individual, REQUEST } from '../api/einvoice-fixtures.ts';
import { freePort } from '../api/free-port.ts';
import { startApi } from '../api/harness.ts';
import { FIND } from '../api/order-fixtures.ts';
import { killServer, placeAndPressPay, scratchData, serverCall, serverLogin, startServer, type Running, until } from '../api/server-process.ts';
import { pgliteOnly } from '../api/pglite-only.ts';

/**
 * The real server (server/main.ts) sending e-invoices to MyInvois, played here by the project's
 * double on a port of its own (it outlives the shop's process, as LHDN does). The shop is killed
 * with SIGKILL while MyInvois holds a submission it has already taken, before its answer reached
 * the shop; started again on the same folder, the shop finds the document at MyInvois instead of
 * sending it twice, and follows it to Valid.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const demo = path.join(root, 'server/providers/einvoice/demo');
const CLIENT = { clientId: 'servauto-crash-test', clientSecret: 'demo-crash-test-secret' };
// The demo seller of content/seller.json, whom the demo certificate names.
const SELLER_TIN = 'C00000000000';

interface HeldMyInvois {
  url: string;
  double: MyInvoisDouble;
  /** Every submission MyInvois took: its answer, whether or not the shop got it. */
  submissions: { submissionUid: string; acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[] }[];
  /** While true, MyInvois keeps a submission's answer to itself (the connection stays open, unanswered). */
  holding: boolean;
  /** Gives the held answers at last, to whoever still waits for them. */
  release(): void;
  close(): Promise<void>;
}

async function startMyInvois(): Promise<HeldMyInvois> {
  const cert = readFileSync(path.join(demo, 'demo-signing-cert.pem'));
  const double = createMyInvoisDouble({
    clients: [{ ...CLIENT, tin: SELLER_TIN }],
    validationDelayMs: 500,
    verifySignature: (doc: unknown) => verifyDocumentSignature(doc as UblDocument, cert),
  });
  const waiting: (() => void)[] = [];
  const held: Omit<HeldMyInvois, 'url' | 'close'> = {
    double,
    submissions: [],
    holding: false,
    release: () => {
      held.holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
  };
  let server: ServerType;
  const port = await new Promise<number>((resolve) => {
    server = serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        fetch: async (request) => {
          const submission = request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/v1.0/documentsubmissions');
          const answer = await double.app.fetch(request);
          if (!submission || answer.status !== 202) return answer;
          held.submissions.push(await answer.clone().json());
          return held.holding ? new Promise<Response>((resolve) => waiting.push(() => resolve(answer))) : answer;
        },
      },
      (info: AddressInfo) => resolve(info.port),
    );
  });
  return Object.assign(held, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  });
}

let myinvois: HeldMyInvois | undefined;
afterEach(async () => {
  await myinvois?.close();
  myinvois = undefined;
});

/** The shop sending to `lhdn` with LHDN's settings, its worker looking every second and awaiting an answer for 2 s. */
const startShop = (dataDir: string, port: number, lhdn: HeldMyInvois, env: Record<string, string> = {}) =>
  startServer(dataDir, port, {
    EINVOICE_PROVIDER: 'myinvois',
    MYINVOIS_BASE_URL: lhdn.url,
    MYINVOIS_PORTAL_URL: lhdn.url,
    MYINVOIS_IDENTITY_URL: lhdn.url,
    MYINVOIS_CLIENT_ID: CLIENT.clientId,
    MYINVOIS_CLIENT_SECRET: CLIENT.clientSecret,
    MYINVOIS_CERT_PATH: path.join(demo, 'demo-signing-cert.pem'),
    MYINVOIS_KEY_PATH: path.join(demo, 'demo-signing-key.pem'),
    JOB_INTERVAL_SECONDS: '1',
    EINVOICE_ANSWER_WAIT_SECONDS: '2',
    NODE_ENV: '',
    LOG_FORMAT: '',
    ...env,
  });

const login = (server: Running, phone: string) => serverLogin(server, phone, () => /\[sms\] OTP for \+60\d+: (\d{6})/.exec(server.output())?.[1]);


pgliteOnly('a crash while MyInvois answers a submission', () => {
  test('kill -9 after MyInvois took the e-invoice, before its answer: the next server finds it there, sends nothing again, and it ends Valid', { timeout: 120_000 }, async () => {
    myinvois = await startMyInvois();
    const dataDir = await scratchData('einvoice-crash');
    const port = await freePort();
    const first = await startShop(dataDir, port, myinvois);
    const userKey = await login(first, '0123456789');
    const { orderNo, press } = await placeAndPressPay(first, userKey);
    expect((await press).status).toBe(303);
    await until(async () => (await serverCall(first, FIND, { orderNo }, userKey)).paidSen > 0, 'the payment', first);

    myinvois.holding = true;
    const asked = await serverCall(first, REQUEST, { orderNo, buyer: individual() }, userKey);
    expect(asked.status).not.toBe('VALID');
    await until(() => myinvois!.submissions.length === 1, 'the submission reaching MyInvois', first);
    const taken = myinvois.submissions[0]!.acceptedDocuments;
    expect(taken).toHaveLength(1);

    await killServer(first);
    myinvois.release();
    const second = await startShop(dataDir, port, myinvois);
    await until(async () => (await serverCall(second, FIND_EINVOICE, { orderNo }, userKey)).document.status === 'VALID', 'the e-invoice valid', second);

    const document = (await serverCall(second, FIND_EINVOICE, { orderNo }, userKey)).document;
    // The very document MyInvois took before the crash, with its validation link, and none sent again.
    expect(document).toMatchObject({ documentId: asked.documentId, status: 'VALID', uuid: taken[0]!.uuid, errors: [] });
    expect(document.validationUrl).toBe(`${myinvois.url}/${taken[0]!.uuid}/share/${document.longId}`);
    expect(myinvois.submissions).toHaveLength(1);
    // Its answer never reached the shop: a later try found it (the restarted server, or the first one's safety job if the kill came late).
    expect(first.output() + second.output()).toContain(`found at MyInvois from an earlier try (submission ${myinvois.submissions[0]!.submissionUid}), not sent again`);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('two processes sending e-invoices, one killed mid-submission (needs PostgreSQL)', () => {
  test('both run jobs; MyInvois holds its answers; one process is killed: the other takes its documents over, all Valid, each sent once', { timeout: 180_000 }, async () => {
    // The suite's database, emptied of what earlier files left (their jobs would run here too).
    await (await startApi()).close();
    myinvois = await startMyInvois();
    // Two processes on one database, as behind a load balancer; neither has a folder of its own to keep.
    const shared = { DATABASE_URL: process.env.DATABASE_URL!, DEMO_DATA: '0', OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000' };
    const a = await startShop(await scratchData('einvoice-a'), await freePort(), myinvois, shared);
    const userKey = await login(a, '0123456789');
    const paidOrder = async (server: Running) => {
      const { orderNo, press } = await placeAndPressPay(server, userKey);
      expect((await press).status).toBe(303);
      await until(async () => (await serverCall(server, FIND, { orderNo }, userKey)).paidSen > 0, `${orderNo} paid`, server);
      return orderNo;
    };
    const ask = (server: Running, orderNo: string) => serverCall(server, REQUEST, { orderNo, buyer: individual() }, userKey);

    // Four e-invoices sent by A, their answers held (a held answer holds only its own job).
    const byA: string[] = [];
    for (let i = 0; i < 4; i++) byA.push(await paidOrder(a));
    myinvois.holding = true;
    for (const orderNo of byA) await ask(a, orderNo);
    await until(() => myinvois!.submissions.length === 4, 'A’s four e-invoices reaching MyInvois', a);

    // B joins, running jobs too, and sends two of its own, also held.
    const b = await startShop(await scratchData('einvoice-b'), await freePort(), myinvois, shared);
    const byB = [await paidOrder(b), await paidOrder(b)];
    for (const orderNo of byB) await ask(b, orderNo);
    await until(() => myinvois!.submissions.length === 6, 'B’s two e-invoices reaching MyInvois', b);

    // A dies with four answers unheard; MyInvois answers whoever still listens.
    await killServer(a);
    myinvois.release();
    const orderNos = [...byA, ...byB];
    const status = async (orderNo: string) => (await serverCall(b, FIND_EINVOICE, { orderNo }, userKey)).document;
    for (const orderNo of orderNos) await until(async () => (await status(orderNo)).status === 'VALID', `${orderNo}'s e-invoice valid`, b);

    const taken = new Map(myinvois.submissions.flatMap((s) => s.acceptedDocuments).map((d) => [d.uuid, d.invoiceCodeNumber]));
    // Each document sent once, and the shop's document is the one MyInvois took.
    expect(taken.size).toBe(orderNos.length);
    expect(new Set(taken.values()).size).toBe(orderNos.length);
    for (const orderNo of orderNos) expect(taken.has((await status(orderNo)).uuid)).toBe(true);
    // A's four answers never reached it: each was found at MyInvois by a later try (A's own safety job while it lived, or B's).
    expect((a.output() + b.output()).match(/found at MyInvois from an earlier try/g)!.length).toBeGreaterThanOrEqual(4);
  });
});

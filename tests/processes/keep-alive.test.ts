import http from 'node:http';
import net from 'node:net';
import { expect, test } from 'vitest';
import { freePort } from '../api/free-port.ts';
import { pgliteOnly } from '../api/pglite-only.ts';
import { scratchData, startServer } from '../api/server-process.ts';

/**
 * A body refused for its size (413) leaves its bytes unread on the connection: the server says
 * `Connection: close` with the refusal and closes it, so a client that keeps connections alive
 * sends its next request on a new one instead of waiting on one that will never answer. The
 * server is the real one (server/main.ts), listening on a port.
 */

const SEND = '/api/app/user/send/sms';
/** A body well over the 64 KB limit: more than the server reads away after its answer. */
const BIG = 1_000_000;

/** Everything the server sends on one connection, until it closes it. */
function rawExchange(port: number, request: string): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      socket.destroy();
      resolve({ text, closedByServer: true });
    });
    socket.write(request);
  });
}

/** A POST through `agent`: the HTTP status and the envelope's code. */
function post(port: number, agent: http.Agent, body: string): Promise<{ status: number; code: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: SEND, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, code: (JSON.parse(text) as { code: number }).code, reused: req.reusedSocket }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

pgliteOnly('a keep-alive connection after a body too large', () => {
  test('the 413 closes its connection; the client’s next request is answered on a new one', async () => {
    const port = await freePort();
    await startServer(await scratchData('keep-alive'), port);

    // The raw exchange: a declared megabyte, of which a tenth is sent; the refusal says the
    // connection ends, and it does.
    const head = `POST ${SEND} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BIG}\r\nConnection: keep-alive\r\n\r\n`;
    const { text, closedByServer } = await rawExchange(port, head + 'x'.repeat(BIG / 10));
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('{"code":413,"msg":"The request body is too large (at most 64 KB).","data":null}');
    expect(closedByServer).toBe(true);

    // A client keeping one connection alive: the refusal, then an ordinary call, answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await post(port, agent, JSON.stringify({ phone: '0123456789', filler: 'x'.repeat(BIG) }))).toMatchObject({ status: 200, code: 413 });
      const after = await post(port, agent, JSON.stringify({ phone: '0123456789', type: 'login' }));
      expect(after).toEqual({ status: 200, code: 200, reused: false });
      // A connection that answered an ordinary call stays alive for the next.
      expect(await post(port, agent, JSON.stringify({ phone: '0123456788', type: 'login' }))).toEqual({ status: 200, code: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { log as logged } from '../ops/log.ts';

export interface StopOptions {
  /** Closes what the answers need (the database); called after the last answer. */
  close: () => Promise<void>;
  /** How long the requests in flight and `close` may take in all. */
  limitMs?: number;
  log?: (line: string) => void;
  warn?: (line: string) => void;
  exit?: (code: number) => void;
}

/** How long the listener may stay open taking in connections that were already waiting. */
const TAKE_IN_MS = 1_000;
/** How often connections left idle are closed while stopping. */
const SWEEP_MS = 100;

/** Resolves in the next turn of the event loop, after its I/O. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A stop for `server` that loses no request it has received. On the signal: the connections
 * the system has already accepted are taken in, then the listener closes (new connections are
 * refused); every request received is answered, with `Connection: close`; idle keep-alive
 * connections are closed; then `close` runs and the process exits 0. Past `limitMs` it exits
 * 1, saying so. Returns the function to call with the signal's name.
 */
export function gracefulStop(server: Server, { close, limitMs = 10_000, log = (line) => logged.info(line), warn = (line) => logged.warn(line), exit = (code) => process.exit(code) }: StopOptions) {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let connections = 0;
  server.on('connection', () => connections++);
  // First in line, so the header is set before any answer starts.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  async function stop(signal: string) {
    let phase = 'Requests still open';
    const force = setTimeout(() => {
      warn(`${phase} after ${limitMs / 1000} s; stopping anyway`);
      exit(1);
    }, limitMs);
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');

    // Connections the system accepted before the signal wait in its queue, and the event loop
    // takes them in one or two a turn: closing the listener now would reset them, requests
    // and all. So keep it until a whole turn takes in none.
    const until = Date.now() + TAKE_IN_MS;
    await nextTurn();
    for (let before = -1; before !== connections && Date.now() < until; ) {
      before = connections;
      await nextTurn();
    }
    const closed = new Promise<void>((resolve) => {
      // net's close, not http's: http's would also drop every idle keep-alive connection at
      // once, resetting requests already on their way over one.
      net.Server.prototype.close.call(server, () => resolve());
    });
    log(`${signal}: finishing requests in flight, then stopping`);

    // What the last connections taken in had sent has been read by now: the ones still idle
    // are closed, as are those whose answer is out, until none is left.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    await closed;
    clearInterval(sweep);

    phase = 'The database is still closing';
    try {
      await close();
    } catch (err) {
      clearTimeout(force);
      warn(`The database did not close cleanly: ${String(err)}`);
      return exit(1);
    }
    clearTimeout(force);
    log('Stopped');
    exit(0);
  }

  return (signal: string) => {
    // npm forwards the terminal's Ctrl-C, so one press may arrive twice: the first one counts.
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
}

import net from 'node:net';

/**
 * A TCP relay between the API and PostgreSQL that a test can break the way networks and
 * database restarts do: every connection cut and new ones refused (`stop`), back again
 * (`start`), or each open connection cut the moment the API next sends on it (`cutOnNextSend`).
 */
export interface PgProxy {
  /** `databaseUrl` with the relay's address in place of the server's. */
  readonly url: string;
  /** Cuts every connection and refuses new ones, as a stopped server does. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port. */
  start(): Promise<void>;
  /** Connections open now are cut as soon as the API sends anything on them; new ones work. */
  cutOnNextSend(): void;
  /** Connections relayed since the proxy started. */
  readonly opened: number;
  close(): Promise<void>;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<{ client: net.Socket; server: net.Socket; doomed: boolean }>();
  let opened = 0;

  const listener = net.createServer((client) => {
    opened++;
    const server = net.connect(targetPort, target.hostname);
    const pair = { client, server, doomed: false };
    pairs.add(pair);
    const cut = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('data', (chunk) => (pair.doomed ? cut() : server.write(chunk)));
    server.on('data', (chunk) => client.write(chunk));
    for (const socket of [client, server]) {
      socket.on('error', cut);
      socket.on('close', cut);
    }
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        resolve();
      });
    });
  const cutAll = () => {
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      listener.close(() => resolve());
      cutAll();
    });

  await listen(0);
  const port = (listener.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    stop,
    start: () => listen(port),
    cutOnNextSend() {
      for (const pair of pairs) pair.doomed = true;
    },
    get opened() {
      return opened;
    },
    close: () => (listener.listening ? stop() : Promise.resolve()),
  };
}

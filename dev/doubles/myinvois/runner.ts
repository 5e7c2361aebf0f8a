import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createMyInvoisDouble, type MyInvoisDouble } from './app.ts';
import type { MyInvoisDoubleOptions } from './options.ts';

export interface RunningDouble {
  /** The base of both the identity service and the API, e.g. http://127.0.0.1:40123. */
  url: string;
  port: number;
  double: MyInvoisDouble;
  close(): Promise<void>;
}

/**
 * Starts the double on its own port (0: any free one). Its portal base defaults to its own
 * address, so validation links open its share page.
 */
export function startMyInvoisDouble(options: MyInvoisDoubleOptions & { port?: number; host?: string }): Promise<RunningDouble> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    let double: MyInvoisDouble;
    let url = '';
    const server = serve({ fetch: (request) => double.app.fetch(request), port: options.port ?? 0, hostname: host }, (info: AddressInfo) => {
      url = `http://${host}:${info.port}`;
      double = createMyInvoisDouble({ ...options, portalBase: options.portalBase ?? url });
      resolve({
        url,
        port: info.port,
        double,
        close: () => new Promise<void>((done, fail) => server.close((err) => (err ? fail(err) : done()))),
      });
    });
    server.once('error', reject);
  });
}

/** A fetch that answers from the double in this process, without a port. */
export function inProcessFetch(double: MyInvoisDouble): typeof fetch {
  return async (input, init) => double.app.fetch(new Request(input, init));
}

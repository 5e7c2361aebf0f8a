import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** The content editor's local proxy (decap-server, as `npm run content` starts it), for the editor's browser tests. */

const root = fileURLToPath(new URL('../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** decap-server on 127.0.0.1, on this working copy (where the test saves nothing) or on a copy of it. */
export async function startProxy(dir = root): Promise<{ port: number; proxy: ChildProcess }> {
  const port = await freePort();
  const proxy = spawn(process.execPath, [fileURLToPath(import.meta.resolve('decap-server/dist/index.js'))], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: dir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"action":"info"}' });
          return res.status;
        } catch {
          return 0;
        }
      },
      { timeout: 15_000 },
    )
    .toBe(200);
  return { port, proxy };
}

/** The site's own config.yml, with the proxy's address moved to the port this test's proxy took. */
export async function useProxyAt(page: Page, port: number) {
  await page.route('**/pc/admin/config.yml', async (route) => {
    const response = await route.fetch();
    const text = (await response.text()).replaceAll(/http:\/\/127\.0\.0\.1:\d+\/api\/v1/g, `http://127.0.0.1:${port}/api/v1`);
    await route.fulfill({ response, body: text });
  });
}


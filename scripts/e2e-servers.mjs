// The browser tests' shops, started side by side (playwright.config.ts runs this as its one
// web server). Playwright starts the servers of a config one after the other, and each spends
// seconds on its fresh database; these start at once. SERVAUTO_E2E_SERVERS lists them (JSON:
// [{name, port, log, env}]), each an `npm start` writing to its own log (the tests read the
// login codes there). Once every one serves /pc/home, this answers on SERVAUTO_E2E_READY_PORT,
// which Playwright waits for. Playwright stops it with SIGTERM to the whole process group, so
// each shop closes gracefully; this waits for them. A shop that exits before that fails the run
// with the last lines of its log. Two shops starting on a changed site take turns to build it
// (scripts/build.mjs).
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** @type {{ name: string, port: number, log: string, env: Record<string, string> }[]} */
const servers = JSON.parse(process.env.SERVAUTO_E2E_SERVERS ?? '[]');
const readyPort = Number(process.env.SERVAUTO_E2E_READY_PORT);
let stopping = false;

const shops = servers.map((server) => {
  const out = openSync(server.log, 'a');
  const child = spawn('npm', ['start'], { env: { ...process.env, ...server.env }, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then((code) => {
    if (stopping) return;
    const tail = readFileSync(server.log, 'utf8').split('\n').slice(-40).join('\n');
    console.error(`[e2e] the ${server.name} shop (port ${server.port}) exited with ${code} before the tests ended:\n${tail}`);
    void stop(1, true);
  });
  return { ...server, child, exited };
});

/**
 * Exits once every shop has. A signal to the process group (Playwright's SIGTERM, a terminal's
 * Ctrl-C) reaches each shop itself; when one died, this stops the others.
 */
async function stop(code, stopOthers = false) {
  if (stopping) return;
  stopping = true;
  if (stopOthers) for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill('SIGTERM');
  await Promise.all(shops.map((shop) => shop.exited));
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(130));

/** Resolves once `port` serves the home page. */
async function served(port) {
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/pc/home`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await Promise.all(shops.map((shop) => served(shop.port)));
createServer((_req, res) => res.end('ready')).listen(readyPort, () => console.log(`[e2e] ${shops.map((s) => s.name).join(', ')} shops ready`));

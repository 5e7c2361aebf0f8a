// `npm run content`: the shop plus Decap CMS's local proxy, for editing this working copy at
// http://localhost:3000/pc/admin/. The proxy (decap-server) listens on 127.0.0.1 only, on
// CONTENT_PROXY_PORT (8081); the shop republishes when content/ changes (CONTENT_WATCH=1).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';

const proxyPort = process.env.CONTENT_PROXY_PORT || '8081';
if (!/^\d{1,5}$/.test(proxyPort) || Number(proxyPort) < 1 || Number(proxyPort) > 65535) {
  console.error(`CONTENT_PROXY_PORT: "${proxyPort}" is not a port`);
  process.exit(1);
}
const shopPort = process.env.PORT || '3000';

// decap-server reads PORT, BIND_HOST, MODE and GIT_REPO_DIRECTORY (and a .env file): it is given
// its own, so the shop's PORT never reaches it.
const proxyBin = createRequire(import.meta.url).resolve('decap-server/dist/index.js');
const proxy = spawn(process.execPath, [proxyBin], {
  stdio: 'inherit',
  env: { ...process.env, PORT: proxyPort, BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: process.cwd(), LOG_LEVEL: process.env.CONTENT_PROXY_LOG_LEVEL || 'warn' },
});

const shop = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, CONTENT_BACKEND: 'local', CONTENT_PROXY_PORT: proxyPort, CONTENT_WATCH: '1' },
});
console.log(`Content editor: http://localhost:${shopPort}/pc/admin/ (saves into ${process.cwd()}/content)`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of [shop, proxy]) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// Either one ending ends the other: an editor without its proxy, or a proxy without the shop, is no use.
for (const [name, child] of [['shop', shop], ['content proxy', proxy]]) {
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`The ${name} stopped${code ? ` (exit ${code})` : signal ? ` (${signal})` : ''}; stopping the rest.`);
    stop('SIGTERM');
    process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
  });
}

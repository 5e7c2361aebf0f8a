// `npm start`: build the site when its inputs changed, then run the server (API + site).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { siteInputsHash, STAMP_FILE } from './site-stamp.mjs';
import { loadConfig } from '../server/config.ts';
import { FolderInUseError, lockDataFolder } from '../server/db/folder-lock.ts';

// A data folder in use by a running server is refused before anything is built: a rebuild
// would replace the pages that server is serving. The server takes the lock for good itself.
const { database } = loadConfig();
if (database.kind === 'pglite' && existsSync(database.dataDir)) {
  try {
    lockDataFolder(database.dataDir).release();
  } catch (err) {
    if (!(err instanceof FolderInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const wanted = siteInputsHash();
const built = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;
if (built !== wanted || !existsSync('dist/home/index.html')) {
  console.log(built ? 'The site changed since it was built: building it again…' : 'Building the site…');
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--if-changed'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('The site did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Site ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await import('../server/main.ts');

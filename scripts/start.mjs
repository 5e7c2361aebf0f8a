// `npm start`: build the site when its inputs changed, then run the server (API + site), with the
// doubles outside production (dev/start.ts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { relaunchWithServerFlags, withoutServerEnv } from './server-flags.mjs';

if (!relaunchWithServerFlags()) await start();

async function start() {
  const { siteInputsHash, STAMP_FILE } = await import('./site-stamp.mjs');
  const { preflight } = await import('../server/ops/preflight.ts');
  const { FolderInUseError, lockDataFolder } = await import('../server/db/folder-lock.ts');
  const { closeDatabaseAhead, openDatabaseAhead } = await import('../server/db/client.ts');

  // The server's own checks of its settings (one line each and exit 1 on a refusal, before
  // anything is built or opened). A data folder in use by a running server is refused before
  // anything is built: a rebuild would replace the pages that server is serving. The server
  // takes the lock for good itself.
  const { database } = (await preflight()).config;
  if (database.kind === 'pglite' && existsSync(database.dataDir)) {
    try {
      lockDataFolder(database.dataDir).release();
    } catch (err) {
      if (!(err instanceof FolderInUseError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }

  // The database opens (on a new data folder: created, then migrated) while the site builds and
  // the server's code loads; the server takes it over.
  openDatabaseAhead(database);

  const wanted = siteInputsHash();
  const built = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;
  if (built !== wanted || !existsSync('dist/home/index.html')) {
    console.log(built ? 'The site changed since it was built: building it again…' : 'Building the site…');
    const started = Date.now();
    const build = spawn('npm', ['run', '--silent', 'build', '--', '--if-changed'], {
      stdio: 'inherit',
      env: withoutServerEnv(process.env),
      shell: process.platform === 'win32',
    });
    // Stopped meanwhile: the build stops (a Ctrl-C reaches it too), and the database is closed
    // once it is open, never left half-created.
    let stopping = false;
    const stop = (signal) => {
      stopping = true;
      build.kill(signal);
      void closeDatabaseAhead().finally(() => process.exit(128 + constants.signals[signal]));
    };
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stop);
    const status = await new Promise((resolve) => build.on('exit', (code) => resolve(code ?? 1)));
    if (stopping) return;
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stop);
    if (status !== 0) {
      console.error('The site did not build; see the messages above.');
      await closeDatabaseAhead();
      process.exit(status);
    }
    console.log(`Site ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  // Outside production, with the doubles of the outside services (the sandbox gateway, the
  // MyInvois double); a production start loads none of them.
  if (process.env.NODE_ENV === 'production') await import('../server/main.ts');
  else await import('../dev/start.ts');
}

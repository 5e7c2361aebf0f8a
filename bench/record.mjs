// Keeps what a bench prints: everything written to standard output is also written, when the
// run ends, to bench/results/<name>.md with when, on what commit and on what machine it ran.
// The documents quote these files, not figures typed by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** Terminal colour codes. */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** @param {string} name e.g. `api` or `api-postgres` */
export function recordTo(name) {
  /** @type {string[]} */
  const lines = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = /** @type {typeof process.stdout.write} */ (
    (chunk, ...rest) => {
      lines.push(String(chunk));
      return write(chunk, .../** @type {[]} */ (rest));
    }
  );
  const started = new Date();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  process.once('exit', (code) => {
    if (code !== 0) return;
    let commit = 'unknown';
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      // Not a git checkout: the commit stays unknown.
    }
    const head = [
      `# bench: ${name}`,
      '',
      `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on commit ${commit}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load average at the start ${load}, Node ${process.version}, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}. Written by the bench itself.`,
      '',
      '```',
    ];
    const dir = new URL('./results/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    // Colour codes are for the terminal only, and of a line a progress bar rewrote, what it shows last.
    const text = lines
      .join('')
      .replace(ESCAPES, '')
      .split('\n')
      .map((line) => line.replace(/\r+$/, '').split('\r').at(-1))
      .join('\n');
    writeFileSync(new URL(`${name}.md`, dir), `${head.join('\n')}\n${text.trimEnd()}\n\`\`\`\n`);
  });
}

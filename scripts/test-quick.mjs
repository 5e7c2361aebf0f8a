// `npm run test:quick`: the checks to run while changing code, in a few minutes: lint, the unit
// tests and the in-process API tests, lint beside the tests. Left to `npm test`: the type check,
// the API files that start processes (tests/processes/), the site build, budgets, HTML and the
// browser tests.
import { spawn } from 'node:child_process';
import { recordTo } from '../bench/record.mjs';

// `test:quick -- --record` keeps what this script prints (each step's time; the tools print
// their own output straight to the terminal) in bench/results/test-quick.md, which the docs quote.
if (process.argv.includes('--record')) recordTo('test-quick');

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/** @param {number} ms */
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
/** @type {string[]} */
const timings = [];
const started = Date.now();

/**
 * Runs `npx <args>`, timed under `name`.
 * @param {string} name
 * @param {string[]} args
 * @returns {Promise<void>}
 */
function step(name, args) {
  const stepStarted = Date.now();
  console.log(`━━━ test:quick ${name} ━━━`);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: 'inherit', shell: process.platform === 'win32' });
    running.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running.delete(child);
      timings.push(`${name} ${code === 0 ? '' : 'FAILED after '}${seconds(Date.now() - stepStarted)}`);
      if (code === 0) resolve();
      else reject(new Error(`${name} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
    });
  });
}

for (const [signal, number] of /** @type {const} */ ([['SIGINT', 2], ['SIGTERM', 15]])) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    console.error(`\ntest:quick: interrupted by ${signal}`);
    process.exit(128 + number);
  });
}

try {
  // eslint uses one core; the tests use both, so lint costs them little.
  await Promise.all([
    step('lint', ['eslint', '.']),
    step('unit', ['vitest', 'run', '--project', 'unit']).then(() => step('api (in-process)', ['vitest', 'run', '--project', 'api'])),
  ]);
} catch (error) {
  for (const child of running) child.kill('SIGTERM');
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  console.error(`test:quick: failed after ${seconds(Date.now() - started)} [${timings.join(', ')}]`);
  process.exit(1);
}
console.log(`\ntest:quick: passed in ${seconds(Date.now() - started)} [${timings.join(', ')}]; not run: astro check, tests/processes, build, budgets, HTML, browser tests (npm test)`);

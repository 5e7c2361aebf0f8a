// `npm test`: every check the project has, cheapest first, stopping at the first failure.
import { spawn } from 'node:child_process';
import { recordTo } from '../bench/record.mjs';
import { findChromium } from './chromium.mjs';

/** @typedef {{ name: string, run: () => Promise<void> }} Step */

// `npm test -- --record` keeps what this script prints (each step's time; the tools print
// their own output straight to the terminal) in bench/results/npm-test.md, which the docs quote.
if (process.argv.includes('--record')) recordTo('npm-test');

/** The scripts running now (several at once for the first, independent checks). */

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * @param {string} script
 * @param {Record<string, string>} [env]
 * @returns {Promise<void>}
 */
function npmRun(script, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      // npm is a .cmd shim on Windows, which only a shell can start.
      shell: process.platform === 'win32',
    });
    running.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`npm run ${script} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
    });
  });
}

/** @type {Record<string, string>} */
const e2eEnv = {};

/** @type {Step[]} */
const steps = [
  // The type check runs beside lint and the unit tests: it uses one core, they use the other.
  {
    name: 'check + lint + test:unit',
    run: () =>
      Promise.all([npmRun('check'), npmRun('lint').then(() => npmRun('test:unit'))]).then(
        () => undefined,
        (error) => {
          for (const child of running) child.kill('SIGTERM');
          throw error;
        },
      ),
  },
  { name: 'test:api', run: () => npmRun('test:api') },
  { name: 'build', run: () => npmRun('build') },
  { name: 'check:budgets', run: () => npmRun('check:budgets') },
  { name: 'check:html', run: () => npmRun('check:html') },
  {
    name: 'chromium',
    run: async () => {
      e2eEnv.CHROMIUM_PATH = await findChromium();
      console.log(`Chromium: ${e2eEnv.CHROMIUM_PATH}`);
    },
  },
  { name: 'test:e2e', run: () => npmRun('test:e2e', e2eEnv) },
];

for (const [signal, number] of /** @type {const} */ ([['SIGINT', 2], ['SIGTERM', 15]])) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    console.error(`\nnpm test: interrupted by ${signal}`);
    process.exit(128 + number);
  });
}

/** @param {number} ms */
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
/** @type {string[]} */
const timings = [];
const started = Date.now();

for (const [index, step] of steps.entries()) {
  console.log(`\n━━━ npm test [${index + 1}/${steps.length}] ${step.name} ━━━\n`);
  const stepStarted = Date.now();
  try {
    await step.run();
  } catch (error) {
    timings.push(`${step.name} FAILED after ${seconds(Date.now() - stepStarted)}`);
    console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
    console.error(`npm test: failed at step ${index + 1}/${steps.length} (${step.name}) after ${seconds(Date.now() - started)} [${timings.join(', ')}]`);
    process.exit(1);
  }
  timings.push(`${step.name} ${seconds(Date.now() - stepStarted)}`);
}

console.log(`\nnpm test: ${steps.length} steps passed in ${seconds(Date.now() - started)} [${timings.join(', ')}]`);

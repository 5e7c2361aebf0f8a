// `npm test`: every check the project has, cheapest first, stopping at the first failure.
import { recordTo } from '../bench/record.mjs';
import { findChromium } from './chromium.mjs';
import { stepRun } from './steps.mjs';

/** @typedef {{ name: string, run: () => Promise<unknown> }} Step */

// `npm test -- --record` keeps what this script prints (each step's time; the tools print
// their own output straight to the terminal) in bench/results/npm-test.md, which the docs quote.
if (process.argv.includes('--record')) recordTo('npm-test');

const run = stepRun('npm test');
/** @param {string} script @param {Record<string, string>} [env] */
const npmRun = (script, env) => run.run('npm', ['run', script], env);

/** @type {Record<string, string>} */
const e2eEnv = {};

/** @type {Step[]} */
const steps = [
  // The type check runs beside lint and the unit tests: it uses one core, they use the other.
  { name: 'check + lint + test:unit', run: () => Promise.all([npmRun('check'), npmRun('lint').then(() => npmRun('test:unit'))]) },
  // The site before the API suites: the publishing tests start from this build when it is of the
  // inputs as they are (projectCopy in tests/processes/publishing-servers.ts), and it is quicker than they are.
  { name: 'build', run: () => npmRun('build') },
  { name: 'check:budgets', run: () => npmRun('check:budgets') },
  { name: 'check:html', run: () => npmRun('check:html') },
  { name: 'test:api', run: () => npmRun('test:api') },
  {
    name: 'chromium',
    run: async () => {
      e2eEnv.CHROMIUM_PATH = await findChromium();
      console.log(`Chromium: ${e2eEnv.CHROMIUM_PATH}`);
    },
  },
  { name: 'test:e2e', run: () => npmRun('test:e2e', e2eEnv) },
];

for (const [index, step] of steps.entries()) {
  console.log(`\n━━━ npm test [${index + 1}/${steps.length}] ${step.name} ━━━\n`);
  try {
    await run.step(step.name, step.run);
  } catch (error) {
    run.fail(error, `at step ${index + 1}/${steps.length} (${step.name})`);
  }
}

console.log(`\nnpm test: ${steps.length} steps passed ${run.summary()}`);

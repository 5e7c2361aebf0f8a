// `npm run test:quick`: the checks to run while changing code, in a few minutes: lint, the unit
// tests and the in-process API tests, lint beside the tests. Left to `npm test`: the type check,
// the API files that start processes (tests/processes/), the site build, budgets, HTML and the
// browser tests.
import { recordTo } from '../bench/record.mjs';
import { stepRun } from './steps.mjs';

// `test:quick -- --record` keeps what this script prints (each step's time; the tools print
// their own output straight to the terminal) in bench/results/test-quick.md, which the docs quote.
if (process.argv.includes('--record')) recordTo('test-quick');

const run = stepRun('test:quick');
/** @param {string} name @param {string[]} args */
const step = (name, args) => {
  console.log(`━━━ test:quick ${name} ━━━`);
  return run.step(name, () => run.run('npx', args));
};

try {
  // eslint uses one core; the tests use both, so lint costs them little.
  await Promise.all([
    step('lint', ['eslint', '.']),
    step('unit', ['vitest', 'run', '--project', 'unit']).then(() => step('api (in-process)', ['vitest', 'run', '--project', 'api'])),
  ]);
} catch (error) {
  run.fail(error);
}
console.log(`\ntest:quick: passed ${run.summary()}; not run: astro check, tests/processes, build, budgets, HTML, browser tests (npm test)`);

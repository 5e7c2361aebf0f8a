// What `npm test` and `npm run test:quick` share: running tools as child processes, timing each
// step, stopping every child on a failure or a signal, and the one line that ends the run.
import { spawn } from 'node:child_process';

/** @param {number} ms */
export const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * A run called `title` (`npm test`, `test:quick`): its children, its steps' times, its end.
 * @param {string} title
 */
export function stepRun(title) {
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const running = new Set();
  /** @type {string[]} */
  const timings = [];
  const started = Date.now();

  for (const [signal, number] of /** @type {const} */ ([['SIGINT', 2], ['SIGTERM', 15]])) {
    process.on(signal, () => {
      for (const child of running) child.kill(signal);
      console.error(`\n${title}: interrupted by ${signal}`);
      process.exit(128 + number);
    });
  }

  return {
    /**
     * Runs `command args…` with the terminal as its output; resolves when it exits 0.
     * @param {string} command
     * @param {string[]} args
     * @param {Record<string, string>} [env]
     * @returns {Promise<void>}
     */
    run(command, args, env = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn(command, args, {
          stdio: 'inherit',
          env: { ...process.env, ...env },
          // npm and npx are .cmd shims on Windows, which only a shell can start.
          shell: process.platform === 'win32',
        });
        running.add(child);
        child.once('error', reject);
        child.once('exit', (code, signal) => {
          running.delete(child);
          if (code === 0) resolve();
          else reject(new Error(`${[command, ...args].join(' ')} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
        });
      });
    },

    /**
     * Runs `work` as the step `name`, keeping its time (or that it failed, and after how long).
     * @param {string} name
     * @param {() => Promise<unknown>} work
     */
    async step(name, work) {
      const stepStarted = Date.now();
      try {
        await work();
      } catch (error) {
        timings.push(`${name} FAILED after ${seconds(Date.now() - stepStarted)}`);
        throw error;
      }
      timings.push(`${name} ${seconds(Date.now() - stepStarted)}`);
    },

    /**
     * Stops the children still running and ends the run with its failure.
     * @param {unknown} error
     * @param {string} [where] e.g. `at step 2/7 (test:api)`
     * @returns {never}
     */
    fail(error, where = '') {
      for (const child of running) child.kill('SIGTERM');
      console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
      console.error(`${title}: failed${where ? ` ${where}` : ''} after ${seconds(Date.now() - started)} [${timings.join(', ')}]`);
      process.exit(1);
    },

    /** The closing line: how long the run took and each step's time. */
    summary() {
      return `in ${seconds(Date.now() - started)} [${timings.join(', ')}]`;
    },
  };
}

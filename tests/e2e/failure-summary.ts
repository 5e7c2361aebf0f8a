import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the list reporter's full account (errors, then every screenshot's path), each failed
 * test once more in a few lines: what it expected and where. A CI log that keeps only its last
 * lines then still says why a run failed.
 */
export default class FailureSummary implements Reporter {
  private failed: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) this.failed.push({ test, result });
  }

  onEnd(result: FullResult) {
    if (this.failed.length === 0) return;
    const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    const lines = [`\n${this.failed.length} browser test(s) failed (${result.status}):`];
    for (const { test, result: run } of this.failed) {
      lines.push(`✗ ${test.titlePath().filter(Boolean).slice(1).join(' › ')} (${run.status}, ${(run.duration / 1000).toFixed(1)} s)`);
      for (const error of run.errors.slice(0, 2)) {
        const where = error.location ? `${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}` : '';
        const message = plain(error.message ?? error.value ?? '').split('\n').filter((l) => l.trim() !== '').slice(0, 8);
        lines.push(...message.map((l) => `    ${l}`));
        if (where) lines.push(`    at ${where}`);
      }
    }
    console.log(lines.join('\n'));
  }
}

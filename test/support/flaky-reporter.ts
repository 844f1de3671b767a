import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists, at the end of a run, every test that failed and then passed on a retry (the e2e project retries
 * once in CI): the default reporter shows those as plain passes, and a flake must stay visible.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) this.flaky.push(`${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    if (!this.flaky.length) return;
    process.stdout.write(`\nFLAKY: ${this.flaky.length} test(s) passed only on a retry; fix them:\n${this.flaky.map((t) => `  - ${t}`).join('\n')}\n`);
  }
}

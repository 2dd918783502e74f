/**
 * A vitest reporter (vitest.config.ts) that prints, after a run, the tests that came nearest their time limit: each
 * one's duration against its timeout (issue 44: no timing bound within half of its limit in CI's own run). A test
 * over half is marked, so that a bound about to fail on a loaded machine is seen before it does.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** How many tests are listed. */
const LISTED = 8;

interface Near {
  name: string;
  duration: number;
  timeout: number;
}

export default class TimingReport implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const near: Near[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        const timeout = test.options.timeout;
        if (duration === undefined || timeout === undefined || timeout <= 0) continue;
        near.push({
          name: `${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`,
          duration,
          timeout,
        });
      }
    }
    if (near.length === 0) return;
    near.sort((a, b) => b.duration / b.timeout - a.duration / a.timeout);
    const lines = near.slice(0, LISTED).map(({ name, duration, timeout }) => {
      const share = Math.round((duration / timeout) * 100);
      const mark = share > 50 ? '  over half its limit' : '';
      return `  ${(duration / 1000).toFixed(1)} s of ${(timeout / 1000).toFixed(0)} s (${share}%)  ${name}${mark}`;
    });
    process.stdout.write(`\nThe tests nearest their time limit:\n${lines.join('\n')}\n`);
  }
}

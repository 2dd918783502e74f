import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/load/**', 'node_modules/**'],
    // Builds dist/ (when stale) before any test file runs, never while one uses it.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // The default report, then the tests nearest their time limit (test/timing-report.ts).
    reporters: ['default', './test/timing-report.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Loopback servers and child processes are real; keep the 2-core machine from thrashing.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

/** `npm run test:load`: the heavy load and fault suite (1,000 concurrent analyses, Redis under fire), run by CI apart. */
export default defineConfig({
  test: {
    include: ['test/load/**/*.test.ts'],
    // Builds dist/ (when stale) before any test file runs, never while one uses it.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});

import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_LIMITS } from '../../src/cli/check/limits.js';
import { type CheckFlags, planCheck } from '../../src/cli/check/plan.js';

const cwd = resolve('/work/site');
const flags = (more: Partial<CheckFlags> = {}): CheckFlags => ({ format: 'table', ...more });

/** The error `planCheck` throws, for matching its code, message and option. */
async function failure(file: string, more: Partial<CheckFlags>): Promise<Error> {
  try {
    await planCheck(file, flags(more), cwd);
  } catch (error) {
    return error as Error;
  }
  throw new Error('planCheck did not throw');
}

describe('planCheck', () => {
  it('fills every number from CHECK_LIMITS when no flag is given', async () => {
    const plan = await planCheck('urls.txt', flags(), cwd);
    expect(plan).toEqual({
      inputPath: resolve(cwd, 'urls.txt'),
      inputName: 'urls.txt',
      inputFormat: 'list',
      readOptions: {},
      ordered: false,
      format: 'table',
      humanOnStderr: false,
      analyzeOptions: { blockPrivate: false },
      expectations: { ignoreTrailingSlash: false, ignoreQuery: false, strict: false },
      limits: {
        concurrency: CHECK_LIMITS.concurrency.default,
        perHost: CHECK_LIMITS.perHost.default,
        retries: CHECK_LIMITS.retries.default,
        retryDelayMs: CHECK_LIMITS.retryDelay.default,
        maxRetryAfterMs: CHECK_LIMITS.maxRetryAfter.default * 1000,
        rateLimitRetries: CHECK_LIMITS.rateLimitRetries,
        inconclusiveRetries: CHECK_LIMITS.retryInconclusive.default,
        inconclusiveBackoffMs: CHECK_LIMITS.inconclusiveBackoff,
      },
      failOnChange: false,
      inconclusive: 'pass',
      quiet: false,
      verbose: false,
      progress: true,
      reports: [],
      run: { exclude: [], force: false, include: [] },
    });
  });

  it('turns every flag into its setting, resolving paths against the working directory', async () => {
    const plan = await planCheck(
      'inputs/_redirects',
      flags({
        baseUrl: 'https://Staging.example.com',
        format: 'junit',
        output: 'out/junit.xml',
        baseline: '../yesterday.ndjson',
        concurrency: '20',
        perHost: '4',
        retries: '3',
        retryDelay: '250',
        maxRetryAfter: '5',
        maxRedirects: '2',
        ignoreTrailingSlash: true,
        ignoreQuery: true,
        strict: true,
        failOnChange: true,
        quiet: true,
        verbose: true,
        progress: false,
        color: false,
        maxHops: '7',
      }),
      cwd,
    );
    expect(plan).toMatchObject({
      inputPath: resolve(cwd, 'inputs/_redirects'),
      inputName: 'inputs/_redirects',
      inputFormat: 'netlify',
      baseUrl: 'https://staging.example.com/',
      baselinePath: resolve(cwd, '../yesterday.ndjson'),
      outputPath: resolve(cwd, 'out/junit.xml'),
      format: 'junit',
      // The report goes to a file, so stdout is free for people.
      humanOnStderr: false,
      analyzeOptions: { maxHops: 7 },
      expectations: { ignoreTrailingSlash: true, ignoreQuery: true, strict: true, maxRedirects: 2 },
      limits: { concurrency: 20, perHost: 4, retries: 3, retryDelayMs: 250, maxRetryAfterMs: 5000 },
      failOnChange: true,
      quiet: true,
      verbose: true,
      progress: false,
      color: false,
    });
  });

  it('reads standard input as a list named stdin, and sends notes to stderr when stdout carries a report', async () => {
    const plan = await planCheck('-', flags({ format: 'ndjson' }), cwd);
    expect(plan).toMatchObject({ inputPath: '-', inputName: 'stdin', inputFormat: 'list', humanOnStderr: true });
    expect((await planCheck('-', flags({ input: 'csv' }), cwd)).inputFormat).toBe('csv');
  });

  it('throws the usage errors of hoplens check, naming the flag', async () => {
    expect(await failure('u.txt', { concurrency: '0' })).toMatchObject({
      code: 'USAGE_ERROR',
      message: '--concurrency must be an integer from 1 to 256, got 0',
      details: { flag: '--concurrency' },
    });
    expect(await failure('u.txt', { perHost: '2x' })).toMatchObject({ code: 'USAGE_ERROR', message: /^--per-host / });
    expect(await failure('u.txt', { maxRetryAfter: '3601' })).toMatchObject({ message: /^--max-retry-after .* 3600/ });
    expect(await failure('u.txt', { baseUrl: 'ftp://x' })).toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      message: /^--base-url must be an absolute http\(s\) URL/,
    });
    // Every range or format error says what it got.
    expect((await failure('u.txt', { baseUrl: 'ftp://x' })).message).toBe(
      '--base-url must be an absolute http(s) URL, got "ftp://x"',
    );
    expect((await failure('u.txt', { baseUrl: '/staging' })).message).toMatch(/, got "\/staging"$/);
    expect((await failure('u.txt', { perHost: '2x' })).message).toBe('--per-host must be an integer, got "2x"');
    expect((await failure('u.txt', { maxRetryAfter: '3601' })).message).toBe(
      '--max-retry-after must be an integer from 0 to 3600, got 3601',
    );
    expect((await failure('u.txt', { maxRedirects: '101' })).message).toBe(
      '--max-redirects must be an integer from 0 to 100, got 101',
    );
    expect(await failure('_redirects', {})).toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      message: '--base-url is required to check a _redirects file (its rules are paths)',
      details: { flag: '--base-url' },
    });
    expect(await failure('u.txt', { timeout: 'soon' })).toMatchObject({ message: /^--timeout / });
  });

  it('reports the first bad flag in the order they were always checked', async () => {
    const bad = { timeout: 'x', maxRedirects: 'x', concurrency: 'x', perHost: 'x', retries: 'x', retryDelay: 'x' };
    const order = ['--timeout', '--max-redirects', '--concurrency', '--per-host', '--retries', '--retry-delay'];
    const keys = Object.keys(bad) as Array<keyof typeof bad>;
    for (const [i] of keys.entries()) {
      const rest = Object.fromEntries(keys.slice(i).map((key) => [key, bad[key]]));
      expect(await failure('u.txt', { ...rest, maxRetryAfter: 'x' })).toMatchObject({ details: { flag: order[i] } });
    }
    expect(await failure('_redirects', { maxRetryAfter: 'x' })).toMatchObject({
      details: { flag: '--max-retry-after' },
    });
  });
});

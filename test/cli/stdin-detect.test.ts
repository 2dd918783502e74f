/**
 * Standard input (`-`) is told by its content as a file whose name says nothing is (docs/cli.md, "Input formats"),
 * through the built executable with a real pipe: a CSV piped to `check -` is checked as a CSV (its target column
 * compared), not as a list whose lines are each one URL; rules piped to `lint -` are linted as rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, spawnCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;

beforeAll(async () => {
  assertBuilt();
  server = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200, body: 'new' },
  });
});

afterAll(async () => {
  await server.close();
});

describe('standard input told by its content', () => {
  it('check -: a piped CSV is read as a CSV, its target compared', async () => {
    const csv = `Old URL,New URL\n${server.origin}/old,${server.origin}/elsewhere\n`;
    const run = await spawnCli(['check', '-', '--no-stats'], { input: csv });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('stdin: columns: source "Old URL", target "New URL"');
    expect(run.stdout).toContain(`✖ final URL is ${server.origin}/new, expected ${server.origin}/elsewhere`);
  });

  it('check -: a piped list stays a list', async () => {
    const run = await spawnCli(['check', '-', '--no-stats'], { input: `${server.origin}/old\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 passed');
  });

  it('lint -: piped _redirects rules are linted as rules', async () => {
    const run = await spawnCli(['lint', '-'], { input: '/a /b 301\n/b /c 301\n' });
    expect(run.stdout).toContain('chain of 2 redirects: /a → /b → /c');
  });
});

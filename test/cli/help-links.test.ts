/** Every finding names the page that explains it, in the table of `hoplens URL` and in the JUnit report of `check`. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_HELP } from '../../src/core/issues/help.js';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startRedirectServer({
    '/old': { status: 302, location: '/new' },
    '/new': { status: 200, body: 'new' },
  });
});
afterAll(() => server.close());

describe('help links', () => {
  it('the table puts each issue help page under it', async () => {
    const run = await runCli([`${server.origin}/old`]);
    expect(run.stdout).toContain(`see ${ISSUE_HELP.temporary_redirect}`);
    expect(run.stdout).toContain(`see ${ISSUE_HELP.not_https}`);
  });

  it('the JUnit report carries the help of each finding', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-help-'));
    try {
      const list = join(dir, 'urls.txt');
      const report = join(dir, 'junit.xml');
      await writeFile(list, `${server.origin}/old\n`);
      await runCli(['check', list, '--format', 'junit', '--output', report, '--strict']);
      const xml = await readFile(report, 'utf8');
      expect(xml).toContain(`help for temporary_redirect: ${ISSUE_HELP.temporary_redirect}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

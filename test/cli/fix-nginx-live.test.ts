import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startNginx } from '../helpers/nginx-server.js';
import { closedPort } from '../helpers/servers.js';

const dirPath = tempDirPerTest();

/** Rules with chains; `return URL` names the server's own origin, so it needs the port. */
const rules = (port: number) =>
  [
    '# moved twice',
    'location = /a { return 301 /b; }',
    'location = /b { return 308 /c; }',
    'location = /t { return 302 /a; }',
    `location = /u { return http://site.test:${port}/b; }`,
    'rewrite ^/r$ /b permanent;',
    '',
  ].join('\n');

/** What `hoplens check` finds for `rulesFile` against nginx serving it: first status, redirects, chain, by path. */
async function checkServed(name: string, rulesFile: string, port: number) {
  const dir = join(dirPath(), name);
  await mkdir(dir, { recursive: true });
  const nginx = await startNginx(dir, rulesFile, port);
  try {
    const base = `http://site.test:${port}`;
    const { stdout } = await runCli(['check', rulesFile, '--input', 'nginx', '--base-url', base, '--format', 'json']);
    const rows = JSON.parse(stdout) as Array<{
      source: string;
      firstStatus: number;
      redirects: number;
      issues: Array<{ type: string }>;
    }>;
    return rows.map((row) => [
      new URL(row.source).pathname,
      row.firstStatus,
      row.redirects,
      row.issues.some((issue) => issue.type === 'redirect_chain'),
    ]);
  } finally {
    await nginx.stop();
  }
}

describe('hoplens fix, nginx checked live', () => {
  it('the fixed configuration, served by nginx, has no redirect_chain', async () => {
    const port = await closedPort();
    const original = join(dirPath(), 'rules.conf');
    await writeFile(original, rules(port));
    expect(await checkServed('before', original, port)).toEqual([
      ['/a', 301, 2, true],
      ['/b', 308, 1, false],
      ['/t', 302, 3, true],
      ['/u', 302, 2, true],
      ['/r', 301, 2, true],
    ]);
    // The base URL tells fix that `http://site.test:PORT/b` is the rules' own site, so its chain is followed too.
    const base = ['--base-url', `http://site.test:${port}`];
    const { code, stdout } = await runCli(['fix', original, '--input', 'nginx', ...base]);
    expect(code).toBe(0);
    const fixed = join(dirPath(), 'fixed.conf');
    await writeFile(fixed, stdout);
    expect(await checkServed('after', fixed, port)).toEqual([
      ['/a', 301, 1, false],
      ['/b', 308, 1, false],
      ['/t', 302, 1, false],
      ['/u', 301, 1, false],
      ['/r', 301, 1, false],
    ]);
  });
});

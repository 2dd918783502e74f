/**
 * `--docroot` on an nginx input, through the built CLI against real nginx: what a request no rule answers gets
 * depends on the files of the server's root (https://nginx.org/en/docs/http/ngx_http_core_module.html#try_files: each
 * file in turn, else the last argument, here a named location). Given the folder nginx serves, `check --samples`
 * predicts the named location's redirect and nginx agrees; without it the sample is skipped, naming the flag.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { runNginx } from '../helpers/nginx-process.js';
import { closedPort } from '../helpers/servers.js';

const dirPath = tempDirPerTest();

interface Row {
  source: string;
  outcome: string;
  extra?: { rule?: string };
}

function rulesOf(port: number, root: string): string {
  return [
    'server {',
    `  listen 127.0.0.1:${port};`,
    `  root ${root};`,
    '  absolute_redirect off;',
    '  location / { try_files $uri $uri/ @legacy; }',
    '  location @legacy { return 301 /archive$uri; }',
    '  location /archive/ { return 200 "archived\\n"; }',
    '}',
    '',
  ].join('\n');
}

function rowsOf(stdout: string): Array<[string, string | undefined, string]> {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row)
    .map((row) => [new URL(row.source).pathname, row.extra?.rule, row.outcome]);
}

describe('check --samples --docroot, nginx checked live', () => {
  it("answers a missing file as nginx does from the root's files, and skips it without them", async () => {
    const dir = dirPath();
    const root = join(dir, 'root');
    await mkdir(join(dir, 'nginx'), { recursive: true });
    await mkdir(root);
    await writeFile(join(root, 'kept.html'), 'kept\n');
    const port = await closedPort();
    const rules = join(dir, 'site.conf');
    await writeFile(rules, rulesOf(port, root));
    const samples = join(dir, 'samples.txt');
    await writeFile(samples, '/old-post\n/kept.html\n');
    const nginx = await runNginx(join(dir, 'nginx'), ['access_log off;', `include ${rules};`], [port]);
    try {
      const args = ['check', rules, '--input', 'nginx', '--samples', samples, '--format', 'ndjson'];
      const base = ['--base-url', `http://127.0.0.1:${port}`];
      const seen = await runCli([...args, ...base, '--docroot', root]);
      expect(rowsOf(seen.stdout), seen.stderr).toEqual([
        ['/old-post', 'line 6', 'passed'],
        ['/kept.html', '', 'failed'],
      ]);
      // Without the root, the file may exist (nginx then serves it) or not (the named location answers).
      const blind = await runCli([...args.slice(0, -2), '--format', 'table', ...base]);
      expect(blind.stdout).toMatch(
        /SKIP +\S+\/old-post .*rule at line 6: .*only the server can tell \(give --docroot\)/,
      );
      expect(blind.stdout).toMatch(/SKIP +\S+\/kept\.html /);
    } finally {
      await nginx.stop();
    }
  });

  it('refuses --docroot for another format, and a path that is not a folder', async () => {
    const dir = dirPath();
    const rules = join(dir, '_redirects');
    await writeFile(rules, '/a /b 301\n');
    const other = await runCli(['lint', rules, '--docroot', dir]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('--docroot applies to nginx input only');
    const conf = join(dir, 'site.conf');
    await writeFile(conf, 'location = /a { return 301 /b; }\n');
    const missing = await runCli(['lint', conf, '--docroot', join(dir, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--docroot must name a folder');
  });
});

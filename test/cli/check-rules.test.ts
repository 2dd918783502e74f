/**
 * `hoplens check` on every redirect-rule format, live: each file's rules are checked against a loopback server that
 * answers their sources, some as the rules say and some not, so that each format's rows pass and fail for real.
 * The formats' own rules are tested in test/inputs/.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { ruleFileCases, ruleFileServer } from '../helpers/rule-file-cases.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(ruleFileServer);
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();

const base = () => `http://site.test:${server.port}`;
async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

const CASES = ruleFileCases(() => `site.test:${server.port}`);

describe('hoplens check on redirect-rule files', () => {
  it.each(CASES)('%s: checks the literal rules live, one passing and one failing', async (_, name, text, flags) => {
    const path = await file(name, text());
    const { code, stdout } = await runCli(['check', path, '--base-url', base(), ...flags]);
    expect(stdout).toMatch(/2 rows checked .*: 1 passed, 1 failed, 0 errored/);
    expect(code).toBe(1);
  });

  it('exits 0 with a note when every rule is skipped', async () => {
    const path = await file('_redirects', '/blog/* /news/:splat\n/a/:id /b/:id\n');
    const { code, stderr } = await runCli(['check', path, '--base-url', base()]);
    expect(stderr).toContain('every rule was skipped (2); no rows to check');
    expect(code).toBe(0);
  });

  it('reports malformed rules with their line, checks the rest, and exits 2', async () => {
    const path = await file('_redirects', '/old /new\n/x 301\n/y not-a-target\n');
    const { code, stdout, stderr } = await runCli(['check', path, '--base-url', base()]);
    expect(`${stdout}${stderr}`).toContain('_redirects:2: a rule with status 301 needs a target');
    expect(`${stdout}${stderr}`).toContain('_redirects:3: the target must start with');
    expect(stdout).toMatch(/1 rows? checked .*: 1 passed/);
    expect(code).toBe(2);
  });

  it('needs --base-url for path rules, and --variant only for netlify input', async () => {
    const htaccess = await file('.htaccess', 'Redirect 301 /old /new\n');
    expect((await runCli(['check', htaccess])).stderr).toContain('--base-url is required to check an apache file');
    const result = await runCli(['check', htaccess, '--base-url', base(), '--variant', 'cloudflare-pages']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--variant applies to netlify (_redirects) input only');
  });
});

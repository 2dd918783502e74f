/** The policy file (hoplens.config.json) from the command line: found, named by --config, applied, refused. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENT_PRESETS } from '../../src/cli/user-agents.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  server = await startRedirectServer({
    '/temp': { status: 302, location: '/new' },
    '/new': { status: 200, body: 'ok' },
    '/private': { status: 200, body: 'hidden' },
    '/robots.txt': {
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: 'User-agent: Googlebot\nDisallow: /private\n',
    },
  });
  dir = await tempDir();
});
afterAll(async () => {
  await server.close();
  await dir.remove();
});

async function project(name: string, config: unknown): Promise<string> {
  const root = join(dir.path, name);
  await mkdir(join(root, 'deep', 'er'), { recursive: true });
  await writeFile(join(root, 'hoplens.config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return root;
}

const issueTypes = (stdout: string) =>
  (JSON.parse(stdout).summary.issues as Array<{ type: string; severity: string }>).map(
    (i) => `${i.type}:${i.severity}`,
  );

describe('hoplens.config.json', () => {
  it('is found in a parent directory and silences and escalates', async () => {
    const plain = await runCli([`${server.origin}/temp`, '--json']);
    expect(issueTypes(plain.stdout)).toContain('temporary_redirect:warning');
    expect(plain.code).toBe(0);
    const root = await project('escalate', { severity: { temporary_redirect: 'error', not_https: 'off' } });
    const judged = await runCli([`${server.origin}/temp`, '--json'], { cwd: join(root, 'deep', 'er') });
    expect(issueTypes(judged.stdout)).toContain('temporary_redirect:error');
    expect(issueTypes(judged.stdout).some((type) => type.startsWith('not_https'))).toBe(false);
    expect(judged.code).toBe(1);
    const ignored = await runCli([`${server.origin}/temp`, '--json', '--no-config'], { cwd: root });
    expect(issueTypes(ignored.stdout)).toContain('temporary_redirect:warning');
  });

  it('is read by hoplens check too, and by --config from anywhere', async () => {
    const root = await project('silence', {
      allow: [{ from: `${server.origin}/temp`, issues: ['temporary_redirect'] }],
    });
    const list = join(dir.path, 'urls.txt');
    await writeFile(list, `${server.origin}/temp\n`);
    const strict = await runCli(['check', list, '--strict', '--format', 'ndjson']);
    expect(strict.code).toBe(1);
    const allowed = await runCli([
      'check',
      list,
      '--strict',
      '--format',
      'ndjson',
      '--config',
      join(root, 'hoplens.config.json'),
    ]);
    expect(JSON.parse(allowed.stdout).warnings).toEqual([]);
    expect(allowed.code).toBe(0);
  });

  it.each([
    [
      { severity: { temporary_redirect: 'loud' } },
      'severity.temporary_redirect: must be one of error, warning, info, off',
    ],
    [{ thresholds: { collapseThreshold: 'ten' } }, 'thresholds.collapseThreshold: must be an integer'],
    [{ allow: [{ from: 'https://exa[mple/*' }] }, 'allow[0].from: must be a URL pattern'],
    ['{ "severity": ', 'is not valid JSON'],
  ])('refuses a bad file before any request, naming the key and the rule (%j)', async (config, message) => {
    const root = await project(`bad-${Math.random().toString(36).slice(2)}`, config);
    const before = server.requests.length;
    const { code, stderr } = await runCli([`${server.origin}/temp`], { cwd: root });
    expect(code).toBe(2);
    expect(stderr).toContain(`hoplens.config.json: ${message}`);
    expect(server.requests.length).toBe(before);
  });
});

describe('--crawler and --no-robots', () => {
  it('judges for Googlebot whatever the User-Agent, for another crawler with --crawler, not at all with --no-robots', async () => {
    const asGooglebot = await runCli([`${server.origin}/private`, '--json', '--ua', 'googlebot']);
    expect(issueTypes(asGooglebot.stdout)).toContain('robots_blocked_destination:warning');
    expect(USER_AGENT_PRESETS.googlebot).toContain('Googlebot');
    const byDefault = await runCli([`${server.origin}/private`, '--json']);
    expect(issueTypes(byDefault.stdout)).toContain('robots_blocked_destination:warning');
    expect(JSON.parse(byDefault.stdout).summary.crawler).toBe('Googlebot');
    const asHoplens = await runCli([`${server.origin}/private`, '--json', '--crawler', 'hoplens']);
    expect(issueTypes(asHoplens.stdout)).not.toContain('robots_blocked_destination:warning');
    const bad = await runCli([`${server.origin}/private`, '--json', '--crawler', 'Googlebot/2.1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--crawler');
    const off = await runCli([`${server.origin}/private`, '--json', '--ua', 'googlebot', '--no-robots']);
    expect(issueTypes(off.stdout)).not.toContain('robots_blocked_destination:warning');
  });
});

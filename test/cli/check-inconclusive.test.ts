/**
 * `hoplens check` on rows whose chain ends on a bot wall (issue 46): such a row is `inconclusive`, neither passed nor
 * failed, counted apart; `--inconclusive pass` (the default) leaves the exit status to the other rows, `fail` fails the
 * run; JUnit writes it skipped, SARIF a note. The wall is served by a loopback server as Cloudflare documents its
 * challenge page (`cf-mitigated: challenge`,
 * https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/walled') {
      res.writeHead(403, { server: 'cloudflare', 'cf-mitigated': 'challenge', 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/x"></script>');
    } else if (req.url === '/forbidden') {
      res.writeHead(403, { server: 'nginx', 'content-type': 'text/html' });
      res.end('<html><head><title>403 Forbidden</title></head><body><h1>403 Forbidden</h1></body></html>');
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }
  });
});

afterAll(() => server.close());

const list = (...paths: string[]) => paths.map((path) => `${server.origin}${path}\n`).join('');

describe('check: a row behind a bot wall is inconclusive', () => {
  it('counts it apart and, by default, leaves the exit status to the other rows', async () => {
    const { code, stdout, stderr } = await runCli(['check', '-', '--format', 'ndjson'], {
      stdin: list('/walled', '/ok'),
    });
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((row) => row.source !== undefined);
    expect(rows.map((row) => [new URL(row.source).pathname, row.outcome])).toEqual([
      ['/walled', 'inconclusive'],
      ['/ok', 'passed'],
    ]);
    expect(rows[0].reasons[0]).toBe('inconclusive: cloudflare challenge (cf-mitigated: challenge)');
    expect(rows[0].issues.map((issue: { type: string }) => issue.type)).toContain('bot_wall');
    expect(rows[0].issues.map((issue: { type: string }) => issue.type)).not.toContain('error_status');
    expect(stderr).toContain('2 rows checked');
    expect(stderr).toContain('1 passed, 0 failed, 0 errored, 1 inconclusive');
    expect(code).toBe(0);
  });

  it('--inconclusive fail fails the run, saying why', async () => {
    const { code, stdout } = await runCli(['check', '-', '--inconclusive', 'fail'], { stdin: list('/walled', '/ok') });
    expect(code).toBe(1);
    expect(stdout).toContain('exit 1: 1 inconclusive (--inconclusive fail)');
  });

  it('a plain 403 of an ordinary server still fails', async () => {
    const { code, stdout } = await runCli(['check', '-', '--format', 'ndjson'], { stdin: list('/forbidden') });
    expect(JSON.parse(stdout.split('\n')[0]!).outcome).toBe('failed');
    expect(code).toBe(1);
  });

  it('the table marks the row WALL; JUnit writes it skipped; SARIF a note', async () => {
    const table = await runCli(['check', '-'], { stdin: list('/walled') });
    expect(table.stdout).toMatch(/^WALL {2}http:\/\/127\.0\.0\.1:\d+\/walled/m);
    // What was seen is told with a question mark: the row did not fail.
    expect(table.stdout).toMatch(/^ {6}\? inconclusive: cloudflare challenge \(cf-mitigated: challenge\)$/m);
    expect(table.stdout).not.toContain('✖');
    const junit = await runCli(['check', '-', '--format', 'junit'], { stdin: list('/walled') });
    expect(junit.stdout).toContain('<skipped type="inconclusive" message="inconclusive: cloudflare challenge');
    expect(junit.stdout).toMatch(/<testsuites name="hoplens check" tests="1" failures="0" errors="0" skipped="1"/);
    const sarif = await runCli(['check', '-', '--format', 'sarif'], { stdin: list('/walled') });
    const results = JSON.parse(sarif.stdout).runs[0].results;
    expect(results.map((result: { ruleId: string; level: string }) => [result.ruleId, result.level])).toEqual([
      ['bot_wall', 'note'],
    ]);
  });
});

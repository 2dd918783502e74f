/**
 * `hoplens check` and a target whose domain is parked (issue 46): the row fails on `parked_domain`, an error here
 * though the page answers 200 and the final URL is the one expected; a live page beside it passes. The lander is
 * Sedo's, as the labelled corpus has it (test/fixtures/parked-domains/parked.json, `sedo-1`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { labelledPage } from '../helpers/parked-pages.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const LANDER = labelledPage('sedo-1');
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(301, { location: '/parked' }).end();
    else if (req.url === '/parked') res.writeHead(200, LANDER.headers).end(LANDER.body);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Live</title><h1>Live</h1>');
  });
});

afterAll(() => server.close());

describe('check: a target on a parked domain', () => {
  it('fails the row on parked_domain, an error, though it answers 200 where expected', async () => {
    const csv = `source,target\n${server.origin}/old,${server.origin}/parked\n${server.origin}/live,${server.origin}/live\n`;
    const { code, stdout } = await runCli(['check', '-', '--format', 'ndjson'], { stdin: csv });
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((row) => row.source !== undefined);
    expect(rows.map((row) => [new URL(row.source).pathname, row.outcome, row.finalStatus])).toEqual([
      ['/old', 'failed', 200],
      ['/live', 'passed', 200],
    ]);
    const parked = rows[0].issues.find((issue: { type: string }) => issue.type === 'parked_domain');
    expect(parked).toMatchObject({ severity: 'error', hop: 1 });
    expect(parked.message).toContain("Sedo's parking page (loads img.sedoparking.com)");
    expect(rows[0].reasons.join('\n')).toContain('[parked_domain]');
    expect(code).toBe(1);
  });

  it('a plain analysis reports it as a warning', async () => {
    const { code, stdout } = await runCli([`${server.origin}/parked`, '--json']);
    const issue = JSON.parse(stdout).summary.issues.find((found: { type: string }) => found.type === 'parked_domain');
    expect(issue).toMatchObject({ severity: 'warning', hop: 0 });
    expect(code).toBe(0);
  });
});

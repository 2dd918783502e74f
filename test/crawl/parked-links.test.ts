/**
 * A crawled link to a parked domain (issue 46): `link_to_parked`, an error, though the target answers 200; a link to a
 * live page beside it has no finding, and the crawl exits 1. The lander is the script shell Bodis and ParkingCrew
 * serve, as the labelled corpus has it (test/fixtures/parked-domains/parked.json, `bodis-1`): it links nowhere off the
 * loopback site, so the crawl sends nothing elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { labelledPage } from '../helpers/parked-pages.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { reportFindings } from './report-findings.js';

const LANDER = labelledPage('bodis-1');
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(404).end();
    else if (req.url === '/sponsor') res.writeHead(200, LANDER.headers).end(LANDER.body);
    else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Home</title><a href="/sponsor">Our sponsor</a> <a href="/about">About</a>');
    } else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>About</title><p>About us');
  });
});

afterAll(() => server.close());

const dir = tempDirPerTest();

describe('crawl: a link to a parked domain', () => {
  it('is link_to_parked, an error, naming the service; the live link has none', async () => {
    const outcome = await runCli(['crawl', `${server.origin}/`, '--format', 'ndjson', '--no-progress'], { cwd: dir() });
    expect(reportFindings(outcome.stdout, server.origin)).toEqual(['link_to_parked a /sponsor']);
    const row = outcome.stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
      .find((found) => found.source === `${server.origin}/sponsor`);
    expect(row.reasons[0]).toContain('the window.park lander that Bodis and ParkingCrew serve');
    expect(outcome.code).toBe(1);
  }, 60_000);
});

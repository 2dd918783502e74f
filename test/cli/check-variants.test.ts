/**
 * `hoplens check FILE --variants`: every row's source URL gets the variants analysis of `hoplens variants`, findings
 * per row. Two sites behind --connect-to: the inconsistent one of test/helpers/variant-site.ts (each finding once,
 * reasons there), and a clean one where every variant is sent to the canonical URL in one 301, for every client,
 * as Google asks of duplicates (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls).
 */

import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { EXPECTED_VARIANT_FINDINGS as EXPECTED, GIVEN, inconsistentSite } from '../helpers/variant-site.js';

const CLEAN = 'https://clean.test/p';

/** clean.test answers only its canonical URL and moves every other URL there in one hop. */
function site(req: IncomingMessage, res: ServerResponse): unknown {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!host.endsWith('clean.test')) return inconsistentSite(req, res);
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  if (https && host === 'clean.test' && req.url === '/p') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>p</title>');
  }
  res.writeHead(301, { location: CLEAN });
  return res.end();
}

let plain: TestServer;
let secure: TestServer;
let dir: { path: string; remove: () => Promise<void> };
let common: string[];

beforeAll(async () => {
  const pki = createTestPki('www.shop.test', [
    'shop.test',
    'www.shop.test',
    'm.shop.test',
    'clean.test',
    'www.clean.test',
  ]);
  plain = await startServer(site);
  secure = await startHttpsServer(site, pki.valid);
  dir = await tempDir();
  const caFile = join(dir.path, 'ca.pem');
  await writeFile(caFile, pki.ca);
  const routes = [`:80:127.0.0.1:${plain.port}`, `:443:127.0.0.1:${secure.port}`];
  common = ['--variants', '--ca', caFile, '--no-robots', ...routes.flatMap((rule) => ['--connect-to', rule])];
}, 60_000);

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), dir?.remove()]);
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir.path, name);
  await writeFile(path, text);
  return path;
}

type Pair = { type: string; variants: string[] };
const pairs = (findings: Pair[]) => findings.map(({ type, variants }) => ({ type, variants }));

describe('check --variants', () => {
  it('json: a report per row, the inconsistent row with exactly its findings, the clean row with none; exit 1', async () => {
    const list = await file('urls.txt', `${GIVEN}\n${CLEAN}\n`);
    const { code, stdout } = await runCli(['check', list, ...common, '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as {
      rows: { line: number; source: string; canonical: string; grid: unknown[]; findings: Pair[] }[];
      summary: Record<string, number>;
    };
    expect(report.rows.map((row) => [row.line, row.source, row.canonical])).toEqual([
      [1, GIVEN, GIVEN],
      [2, CLEAN, CLEAN],
    ]);
    expect(pairs(report.rows[0]!.findings)).toEqual(EXPECTED);
    expect(report.rows[1]!.findings).toEqual([]);
    expect(report.rows[1]!.grid).toHaveLength(14);
    expect(report.summary).toEqual({ rows: 2, rowsWithFindings: 1, rowsFailed: 1, invalid: 0 });
  }, 60_000);

  it('ndjson and csv carry the grid with the row line and source; a clean map exits 0', async () => {
    const csvInput = await file('map.csv', `source,target\n${CLEAN},${CLEAN}\n${GIVEN},${GIVEN}\n`);
    const ndjson = await runCli(['check', csvInput, ...common, '--format', 'ndjson']);
    const records = ndjson.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { record: string; line?: number; source?: string; type?: string });
    const variants = records.filter((record) => record.record === 'variant');
    expect(variants).toHaveLength(28);
    expect(new Set(variants.map((record) => `${record.line} ${record.source}`))).toEqual(
      new Set([`2 ${CLEAN}`, `3 ${GIVEN}`]),
    );
    const findings = records.filter((record) => record.record === 'finding');
    expect(findings.map((record) => [record.line, record.type])).toEqual(EXPECTED.map(({ type }) => [3, type]));
    expect(records.filter((record) => record.record === 'row')).toHaveLength(2);
    expect(records.at(-1)).toEqual({ record: 'summary', rows: 2, rowsWithFindings: 1, rowsFailed: 1, invalid: 0 });

    const csv = await runCli(['check', csvInput, ...common, '--format', 'csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'line,source,variant,change,url,method,chain,final_url,final_status,redirects,error,findings',
    );
    expect(lines).toHaveLength(1 + 28);
    expect(lines.find((line) => line.startsWith(`3,${GIVEN},index.php,`))).toContain(
      'variants_not_consolidated variant_not_https',
    );

    const clean = await file('clean.txt', `${CLEAN}\n`);
    const table = await runCli(['check', clean, ...common]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`line 1: ${CLEAN}`);
    expect(table.stdout).toContain('1 row checked with their variants: 0 failed, 0 with findings');
  }, 90_000);

  it('refuses the modes that judge rows otherwise, and formats it does not write; bad lines exit 2', async () => {
    const list = await file('one.txt', `${CLEAN}\nnot a url at all\n`);
    const baseline = await runCli(['check', list, ...common, '--baseline', list]);
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain('--variants cannot be combined with --baseline');
    const junit = await runCli(['check', list, ...common, '--format', 'junit']);
    expect(junit.code).toBe(2);
    expect(junit.stderr).toContain('--variants writes table, json, ndjson, csv');
    const bad = await runCli(['check', list, ...common, '--format', 'json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/one\.txt:2: /);
    expect((JSON.parse(bad.stdout) as { summary: { rows: number } }).summary.rows).toBe(1);
  }, 60_000);

  it('--help tells --variants from --variant', async () => {
    const { stdout } = await runCli(['check', '--help']);
    expect(stdout).toMatch(/--variants\s+request\s+each\s+row's\s+URL/);
    expect(stdout).toMatch(/unlike\s+--variant\s+<host>/);
  });
});

/**
 * `hoplens check --shard K/N` and `hoplens report merge`: three shards of a run, merged, make the report of the
 * unsharded run (same rows, same outcomes, same order), in each report format that can be merged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const n = Number(/\/old\/(\d+)/.exec(req.url ?? '')?.[1] ?? -1);
    if (n >= 0) res.writeHead(301, { location: n % 7 === 0 ? '/elsewhere' : `/new/${n}` });
    else res.writeHead(200);
    res.end();
  });
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();

const ROWS = 60;
const FAST = ['--concurrency', '16', '--per-host', '16', '--retries', '0'];

async function csv(): Promise<string> {
  const base = `http://site.test:${server.port}`;
  const lines = Array.from({ length: ROWS }, (_, i) => `${base}/old/${i},${base}/new/${i}`);
  const path = join(dirPath(), 'redirects.csv');
  await writeFile(path, `source,target\n${lines.join('\n')}\n`);
  return path;
}

/** What must agree between runs: everything but timings. */
function essentials(text: string, format: 'json' | 'ndjson'): unknown[] {
  const body =
    format === 'json'
      ? (JSON.parse(text) as unknown[])
      : text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown);
  return body.map((row) => {
    const { line, source, target, outcome, reasons, finalUrl, firstStatus } = row as Record<string, unknown>;
    return { line, source, target, outcome, reasons, finalUrl, firstStatus };
  });
}

interface Summary {
  redirectCollapse?: {
    type: string;
    severity: string;
    threshold: number;
    targets: Array<{ finalUrl: string; rows: number; root: boolean; examples: string[] }>;
  };
  collapseCounts?: { targets: Array<{ finalUrl: string; rows: number }> };
}

/** The closing summary record of a json or ndjson report, if it has one. */
function summaryOf(text: string, format: 'json' | 'ndjson'): Summary | undefined {
  const records = (
    format === 'json'
      ? (JSON.parse(text) as unknown[])
      : text
          .trim()
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as unknown)
  ) as Array<{ kind?: string }>;
  return records.find((record) => record.kind === 'summary') as Summary | undefined;
}

/** Runs `check` on `input` as shards 1/3, 2/3 and 3/3, each written to a file; resolves with their exits and files. */
async function runShards(input: string, format: string, extra: readonly string[] = []) {
  const shards: Array<{ code: number; output: string }> = [];
  for (const k of [1, 2, 3]) {
    const output = join(dirPath(), `shard-${k}.${format}`);
    const run = await runCli([
      'check',
      input,
      '--format',
      format,
      '--shard',
      `${k}/3`,
      '--output',
      output,
      ...extra,
      ...FAST,
    ]);
    shards.push({ code: run.code, output });
  }
  return shards;
}

describe('hoplens check --shard + hoplens report merge', () => {
  it.each(['json', 'ndjson'] as const)(
    '%s: shards 1/3 + 2/3 + 3/3 merged equal the unsharded run',
    async (format) => {
      const input = await csv();
      const whole = await runCli(['check', input, '--format', format, ...FAST]);
      const shards: string[] = [];
      for (const { code, output } of await runShards(input, format)) {
        expect([0, 1]).toContain(code);
        shards.push(output);
        // Each shard checks a part only.
        expect(essentials(await readFile(output, 'utf8'), format).length).toBeLessThan(ROWS);
      }
      const merged = await runCli(['report', 'merge', ...shards]);
      expect(merged.code).toBe(1);
      expect(essentials(merged.stdout, format)).toEqual(essentials(whole.stdout, format));
      expect(essentials(whole.stdout, format)).toHaveLength(ROWS);
      const failed = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 7 === 0).length;
      expect(merged.stderr).toContain(`${ROWS} rows: ${ROWS - failed} passed, ${failed} failed, 0 errored`);
    },
    60_000,
  );

  it('junit: the merged report has the unsharded totals and every test case once, in input order', async () => {
    const input = await csv();
    const whole = await runCli(['check', input, '--format', 'junit', ...FAST]);
    const shards: string[] = [];
    for (const k of [1, 2, 3]) {
      const output = join(dirPath(), `shard-${k}.xml`);
      await runCli(['check', input, '--format', 'junit', '--shard', `${k}/3`, '--output', output, ...FAST]);
      shards.push(output);
    }
    const output = join(dirPath(), 'merged.xml');
    const merged = await runCli(['report', 'merge', ...shards, '--output', output]);
    expect(merged.code).toBe(1);
    const text = await readFile(output, 'utf8');
    const totals = (xml: string) =>
      /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"/.exec(xml)?.slice(1);
    expect(totals(text)).toEqual(totals(whole.stdout));
    const cases = (xml: string) =>
      [...xml.matchAll(/<testcase [^>]*name="([^"]+)" line="(\d+)"/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(cases(text)).toEqual(cases(whole.stdout));
    expect(cases(text)).toHaveLength(ROWS);
  }, 60_000);

  it.each(['json', 'ndjson'] as const)(
    "%s: the shards' collapse counts merged make the unsharded run's redirect_collapse, though no shard reaches it",
    async (format) => {
      // Rows 0, 7, ..., 56 (9 of 60) are sent to /elsewhere instead of their /new/N. Which shard checks a row
      // depends on its source, whose port is the test server's: a first pass finds the most any shard holds, and the
      // threshold is one more, so that no shard reaches it alone and the whole run (9 rows) does.
      const input = await csv();
      const shardFiles = async (extra: string[]) =>
        (await runShards(input, format, extra)).map((shard) => shard.output);
      const most = async (shards: string[]) => {
        const texts = await Promise.all(shards.map((shard) => readFile(shard, 'utf8')));
        return Math.max(...texts.map((text) => summaryOf(text, format)?.collapseCounts?.targets[0]?.rows ?? 0));
      };
      const threshold = (await most(await shardFiles([]))) + 1;
      expect(threshold).toBeLessThanOrEqual(9);
      const flags = ['--collapse-threshold', String(threshold)];
      const whole = await runCli(['check', input, '--format', format, ...flags, ...FAST]);
      const shards = await shardFiles(flags);
      for (const shard of shards) {
        expect(summaryOf(await readFile(shard, 'utf8'), format)?.redirectCollapse).toBeUndefined();
      }
      expect(await most(shards)).toBeLessThan(threshold);
      const merged = await runCli(['report', 'merge', ...shards]);
      const expected = summaryOf(whole.stdout, format)?.redirectCollapse;
      expect(expected?.targets.map((t) => [t.finalUrl, t.rows])).toEqual([
        [`http://site.test:${server.port}/elsewhere`, 9],
      ]);
      const found = summaryOf(merged.stdout, format)?.redirectCollapse;
      // The examples are the first rows to finish, which concurrency orders: each run's are sources of the collapse.
      const withoutExamples = (finding: typeof found) =>
        finding === undefined
          ? undefined
          : { ...finding, targets: finding.targets.map(({ examples, ...rest }) => rest) };
      expect(withoutExamples(found)).toEqual(withoutExamples(expected));
      const collapsed = Array.from({ length: 9 }, (_, i) => `http://site.test:${server.port}/old/${i * 7}`);
      expect(found?.targets[0]?.examples).toHaveLength(3);
      for (const example of found?.targets[0]?.examples ?? []) expect(collapsed).toContain(example);
      expect(merged.stderr).toContain('redirect_collapse');
      expect(merged.stderr).toContain(`9 rows -> http://site.test:${server.port}/elsewhere`);
      // The rows themselves merge as before: the summary record is not a row.
      expect(essentials(merged.stdout, format).slice(0, -1)).toEqual(essentials(whole.stdout, format).slice(0, -1));
    },
    60_000,
  );

  it('refuses a bad --shard, reports of different formats, and a file that is not a report', async () => {
    const input = await csv();
    const bad = await runCli(['check', input, '--shard', '4/3']);
    expect(bad.stderr).toContain('--shard must be K/N');
    expect(bad.code).toBe(2);
    const json = join(dirPath(), 'a.json');
    const ndjson = join(dirPath(), 'b.ndjson');
    await writeFile(json, '[\n{"line":2,"source":"http://a.test/","outcome":"passed"}\n]\n');
    await writeFile(ndjson, '{"line":3,"source":"http://b.test/","outcome":"passed"}\n');
    const mixed = await runCli(['report', 'merge', json, ndjson]);
    expect(mixed.stderr).toContain('is a ndjson report, the first is json');
    expect(mixed.code).toBe(2);
    const notReport = await runCli(['report', 'merge', input]);
    expect(notReport.code).toBe(2);
  });
});

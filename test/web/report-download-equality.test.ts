/**
 * The page's json download is the report `hoplens check --format json` writes (issue 43): the same rows, checked by
 * the built CLI and by the page's many-URLs run against the real service, give reports equal field by field but for
 * timings, timestamps and the run's statistics. The page's run is its own code (src/web/client/many/: the pasted CSV
 * read by pasted-input.ts, each row through ../api-client.ts, judged by many-run.ts, the download's text written by
 * report-texts.ts), in Node: fetch is pointed at the service, as a page served by it would be. Before the report file
 * had one owner (src/check/report-file/), the page wrote its own closing record and dropped `collapseCounts` and the
 * statistics.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RunJudging } from '../../src/check/index.js';
import { JUDGEMENT_DEFAULTS } from '../../src/core/index.js';
import { analyze } from '../../src/web/client/api-client.js';
import { runMany } from '../../src/web/client/many/many-run.js';
import { RatePacer } from '../../src/web/client/many/pacer.js';
import { pastedItems } from '../../src/web/client/many/pasted-input.js';
import { jsonReport } from '../../src/web/client/many/report-texts.js';
import { paramsFor } from '../../src/web/client/many/row-params.js';
import { type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { assertBuilt, killChildren, spawnCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let targets: TestServer;
let service: RunningService;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  assertBuilt();
  targets = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    const answer = (status: number, location?: string) => {
      res.writeHead(status, location === undefined ? {} : { location });
      res.end();
    };
    if (kind === 'new' || kind === 'home') return answer(200);
    if (kind === 'moved') return answer(301, `/new/${id}`);
    // Many old pages sent to the home page: the run's collapse finding, in the closing record.
    if (kind === 'old') return answer(301, '/home');
    return answer(404);
  });
  // The page paces its rows to the rate limit: at the default 30 a minute the second run waited out the first's window.
  service = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '600' });
  dir = await tempDir();
});

afterEach(() => {
  killChildren();
  vi.unstubAllGlobals();
});

afterAll(async () => {
  await service?.close();
  await targets?.close();
  await dir?.remove();
});

/** The map checked: rows that pass, rows that fail, a row that errors, and twelve collapsing onto the home page. */
function map(origin: string): string {
  const lines = ['source,target'];
  for (let i = 1; i <= 3; i++) lines.push(`${origin}/moved/${i},${origin}/new/${i}`);
  for (let i = 1; i <= 12; i++) lines.push(`${origin}/old/${i},${origin}/new/old-${i}`);
  lines.push(`${origin}/gone/1,${origin}/new/gone`);
  return `${lines.join('\n')}\n`;
}

/** The page's run of `csv` and its json download, as the many-URLs panel makes them. */
async function pageDownload(csv: string, judging?: RunJudging): Promise<string> {
  const realFetch = globalThis.fetch;
  // The page's requests are relative to the service that serves it.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, service.origin), init));
  const rows: Parameters<typeof jsonReport>[0][number][] = [];
  const hooks = {
    analyze: (url: string, signal: AbortSignal) => analyze(paramsFor(url), signal),
    onRow: (row: (typeof rows)[number]) => rows.push(row),
    onWait: () => {},
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
  const items = await pastedItems('csv', csv, '');
  const report = await runMany(items, new RatePacer(), hooks, new AbortController().signal, judging);
  expect(report.stop).toBe('done');
  return jsonReport(rows, report.summary);
}

/** A json report's records without what differs from run to run: times, dates, connections, the run's figures. */
function comparable(text: string): Array<Record<string, unknown>> {
  const records = JSON.parse(text) as Array<Record<string, unknown>>;
  for (const record of records) {
    if (record.kind === 'summary') {
      if (record.stats !== undefined) record.stats = 'the run statistics';
      continue;
    }
    delete record.time;
    for (const hop of record.chain as Array<Record<string, unknown>>) {
      for (const field of ['responseTime', 'timings', 'reusedConnection', 'remotePort']) delete hop[field];
      delete (hop.headers as Record<string, unknown>).date;
    }
  }
  return records;
}

async function cliReport(csv: string, flags: string[]): Promise<string> {
  const file = join(dir.path, 'map.csv');
  await writeFile(file, csv);
  const outcome = await spawnCli(['check', file, '--format', 'json', ...flags], { timeoutMs: 60_000 });
  // The map's failing rows and collapse fail the run, as they fail the page's.
  expect(outcome.code, outcome.stderr).toBe(1);
  return outcome.stdout;
}

describe("the page's json download and `hoplens check --format json`", () => {
  it('are equal field by field for the same rows, the closing record included', async () => {
    const csv = map(targets.origin);
    const [cli, page] = [await cliReport(csv, []), await pageDownload(csv)];
    const records = comparable(cli);
    expect(records.at(-1)).toMatchObject({ kind: 'summary', redirectCollapse: { severity: 'error' } });
    expect(comparable(page)).toEqual(records);
  }, 120_000);

  it("carry the same closing record when the run keeps a shard's collapse counts and its statistics", async () => {
    const csv = map(targets.origin);
    const cli = comparable(await cliReport(csv, ['--shard', '1/1', '--stats']));
    const judging = new RunJudging({
      expectations: { ignoreTrailingSlash: false, ignoreQuery: false, strict: false },
      collapse: { threshold: JUDGEMENT_DEFAULTS.collapseThreshold, severity: 'error' },
      shard: true,
      stats: true,
    });
    const page = comparable(await pageDownload(csv, judging));
    expect(cli.at(-1)).toHaveProperty('collapseCounts');
    expect(cli.at(-1)).toHaveProperty('stats');
    expect(page).toEqual(cli);
  }, 120_000);
});

/**
 * Access log workload (issue 45): a combined log of N lines written from a seeded generator, counted by hoplens
 * (`countTraffic`, src/inputs/logs/) and by GoAccess (Debian's, its COMBINED format, a JSON report to a file), each in
 * a process of its own, timed with its peak RSS read by GNU time. Targets: hoplens reads at least as many lines a
 * second as GoAccess; 10 million lines within 1.2× the peak of 1 million (the same distinct URLs); at most 300 MB for
 * 1 million distinct URLs.
 *
 * Options (environment): BENCH_LOG_LINES=1000000,10000000  BENCH_LOG_URLS=50000 (distinct pages of those logs)
 * BENCH_LOG_DISTINCT=1000000 (the distinct URLs of the memory run, hoplens only; 0 skips it).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../test/helpers/seeded-random.js';
import { timed } from '../lib/timed.js';

const COUNT_LOG = fileURLToPath(new URL('../lib/count-log.mjs', import.meta.url));
const BASE_URL = 'https://old.example';

/** One tool's run over one log. */
export interface LogRun {
  seconds: number;
  linesPerSecond: number;
  peakMb: number;
}

/** One log's runs. */
export interface LogSizeResult {
  lines: number;
  urls: number;
  bytes: number;
  hoplens: LogRun & { counted: number; distinct: number };
  goaccess?: LogRun;
}

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
];
const STATUSES = [200, 200, 200, 200, 200, 301, 304, 404];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'POST'];

/**
 * One combined line of a log over `urls` pages, a tenth of them assets and some with a query; `page` given, a page
 * that counts (no asset, GET, 200).
 */
function logLine(random: () => number, urls: number, second: number, page?: number): string {
  const counted = page !== undefined;
  page ??= Math.floor(random() * urls);
  const path = page % 10 === 9 && !counted ? `/static/${page}.css` : `/section-${page % 50}/page-${page}`;
  const query = random() < 0.1 ? `?utm_source=news${page % 7}` : '';
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const time = `${String(Math.floor(second / 3600) % 24).padStart(2, '0')}:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
  const ip = `198.51.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
  const [method, status] = counted ? ['GET', 200] : [pick(METHODS), pick(STATUSES)];
  return `${ip} - - [07/Dec/2026:${time} +0000] "${method} ${path}${query} HTTP/1.1" ${status} ${Math.floor(random() * 50_000)} "https://ref.example/${page % 100}" "${pick(AGENTS)}"\n`;
}

/**
 * Writes a combined log of `lines` lines over `urls` pages, 4 MB at a time; its size in bytes. `everyPage`: each line
 * a different page that counts, for the memory of as many distinct URLs as lines.
 */
export function writeCombinedLog(path: string, lines: number, urls: number, everyPage = false, seed = 45): number {
  const random = seededRandom(seed);
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    let batch: string[] = [];
    let size = 0;
    for (let index = 0; index < lines; index++) {
      const line = logLine(random, urls, Math.floor(index / 100), everyPage ? index : undefined);
      batch.push(line);
      size += line.length;
      if (size >= 4 * 2 ** 20 || index === lines - 1) {
        bytes += writeSync(fd, batch.join(''));
        batch = [];
        size = 0;
      }
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** hoplens over a log, in a process of its own. */
async function runHoplens(log: string, lines: number, workDir: string): Promise<LogSizeResult['hoplens']> {
  const out = join(workDir, 'hoplens-count.json');
  const run = await timed(process.execPath, [COUNT_LOG, log, BASE_URL, out]);
  if (run.code !== 0) throw new Error(`hoplens exited ${run.code} on ${log}`);
  const counted = JSON.parse(readFileSync(out, 'utf8')) as { lines: number; counted: number; urls: number };
  if (counted.lines !== lines) throw new Error(`hoplens read ${counted.lines} lines of ${lines}`);
  return { ...run, linesPerSecond: lines / run.seconds, counted: counted.counted, distinct: counted.urls };
}

/** GoAccess over a log (its JSON report to a file), or undefined when it is not installed. */
async function runGoAccess(log: string, lines: number, workDir: string): Promise<LogRun | undefined> {
  if (goaccessVersion() === undefined) return undefined;
  const report = join(workDir, 'goaccess.json');
  const run = await timed('goaccess', [log, '--log-format=COMBINED', '--no-global-config', '-o', report]);
  if (run.code !== 0) throw new Error(`goaccess exited ${run.code} on ${log}`);
  const general = (JSON.parse(readFileSync(report, 'utf8')) as { general: { total_requests: number } }).general;
  if (general.total_requests !== lines) throw new Error(`goaccess read ${general.total_requests} lines of ${lines}`);
  return { ...run, linesPerSecond: lines / run.seconds };
}

/** GoAccess's version line, or undefined when it is not installed (`apt-get install goaccess`). */
export function goaccessVersion(): string | undefined {
  try {
    return execFileSync('goaccess', ['--version'], { encoding: 'utf8' }).split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}

/** hoplens's peak over a log of `distinct` lines, each a different page: the memory of that many distinct URLs. */
export async function distinctUrlsWorkload(workDir: string, distinct: number): Promise<LogSizeResult['hoplens']> {
  const log = join(workDir, `access-distinct-${distinct}.log`);
  writeCombinedLog(log, distinct, distinct, true);
  try {
    return await runHoplens(log, distinct, workDir);
  } finally {
    rmSync(log, { force: true });
  }
}

/** Writes each log, runs both tools over it (hoplens first, then GoAccess), and removes it. */
export async function logsWorkload(
  workDir: string,
  sizes: readonly number[],
  urls: number,
  withPeer = true,
): Promise<LogSizeResult[]> {
  const results: LogSizeResult[] = [];
  for (const lines of sizes) {
    const log = join(workDir, `access-${lines}.log`);
    const bytes = writeCombinedLog(log, lines, urls);
    try {
      const hoplens = await runHoplens(log, lines, workDir);
      const goaccess = withPeer ? await runGoAccess(log, lines, workDir) : undefined;
      results.push({ lines, urls, bytes, hoplens, ...(goaccess === undefined ? {} : { goaccess }) });
    } finally {
      rmSync(log, { force: true });
    }
  }
  return results;
}

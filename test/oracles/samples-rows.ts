/**
 * Issue 26's last check, shared by the oracle suites: `hoplens check RULES --input FORMAT --samples LIST --base-url
 * SERVER` run on a rules file, and each sample's row compared with the library's match for the same sample (the rule's
 * line, the target, the status; unmatched when no rule answers; no row when only the server decides), then with the
 * server's first answer.
 */
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuleMatch } from '../../src/inputs/patterns/index.js';
import { REDIRECT_STATUSES } from '../../src/inputs/rule-row.js';
import { runCli } from '../helpers/cli.js';

export interface SampleRow {
  line: number;
  target?: string;
  expectedStatus?: number;
  extra?: { rule?: string };
  reasons?: string[];
  firstStatus?: number;
  chain?: Array<{ headers: Record<string, string> }>;
}

export interface SamplesRun {
  /** The rules file's path (its name as the format reads it) and text. */
  file: string;
  text: string;
  input: 'apache' | 'nginx' | 'vercel' | 'netlify';
  /** The samples' own host (`http://HOST` + request) and the server they are checked on. */
  host: string;
  base: string;
  requests: readonly string[];
}

/** The run's ndjson rows, skipped samples absent. */
export async function samplesRows(run: SamplesRun): Promise<SampleRow[]> {
  if (run.requests.length === 0) return [];
  await writeFile(run.file, run.text);
  await writeFile(
    `${run.file}.samples`,
    `${run.requests.map((request) => `http://${run.host}${request}`).join('\n')}\n`,
  );
  const args = ['--samples', `${run.file}.samples`, '--base-url', run.base, '--format', 'ndjson', '--retries', '0'];
  const { stdout } = await runCli(['check', run.file, '--input', run.input, ...args]);
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as SampleRow);
}

/**
 * Runs the samples and compares every row with `match` (the library's matcher for the same file), returning how many
 * were compared and what disagreed, each line prefixed with `label`.
 */
export async function compareRows(
  run: SamplesRun,
  match: (url: URL) => RuleMatch | undefined,
  label: string,
): Promise<{ compared: number; mismatches: string[] }> {
  const rows = await samplesRows(run);
  const mismatches: string[] = [];
  const origin = new URL(run.base).origin;
  for (const [index, request] of run.requests.entries()) {
    const found = match(new URL(`http://${run.host}${request}`));
    const row = rows.find((each) => each.line === index + 1);
    const wrong = rowDisagrees(found, row, `${origin}${request}`, run.host);
    if (wrong !== undefined) mismatches.push(`${label} ${request}: ${wrong}`);
  }
  return { compared: run.requests.length, mismatches };
}

/** What is wrong with a sample's row given the library's match, or undefined when it agrees. */
export function rowDisagrees(
  found: RuleMatch | undefined,
  row: SampleRow | undefined,
  live: string,
  host: string,
): string | undefined {
  if (found !== undefined && 'problem' in found) return row === undefined ? undefined : 'a row for a skipped sample';
  if (row === undefined) return 'no row';
  if (found === undefined)
    return row.reasons?.[0]?.startsWith('unmatched') === true ? undefined : `row ${JSON.stringify(row.reasons)}`;
  // A target on the sample's own site is checked on --base-url's, as the row moves it (its path kept, even a `//` one);
  // a target written `//x` is a network-path reference (RFC 3986 section 4.2): the host x on the request's scheme. A
  // status that is no redirect (300, 200...) is expected at the sample itself: a browser follows only 301, 302, 303,
  // 307 and 308 (https://fetch.spec.whatwg.org/#redirect-status).
  const ownSite = `http://${host}/`;
  const to = REDIRECT_STATUSES.has(found.status) ? found.target : undefined;
  const redirect = to !== undefined;
  const target =
    to === undefined
      ? live
      : to.startsWith(ownSite)
        ? new URL(`${new URL(live).origin}${to.slice(ownSite.length - 1)}`).href
        : new URL(to, live).href;
  const location = row.chain?.[0]?.headers.location;
  // With --base-url the request's Host names the port, which `https://%{HTTP_HOST}/` then carries over.
  const answered = (location === undefined ? live : new URL(location, live).href).replace(
    new RegExp(`^(https://[^/]+):${new URL(live).port}/`),
    '$1/',
  );
  const expected = [`line ${found.line}`, target, found.status, found.status].join(' ');
  const got = [row.extra?.rule, row.target, row.expectedStatus, row.firstStatus].join(' ');
  if (expected !== got) return `library ${expected}, row ${got}`;
  // The server's own first answer is the expectation: the row was checked against what the library predicted.
  return !redirect || answered === target ? undefined : `server answered ${answered}`;
}

/**
 * For formats with no server here (Vercel, Netlify): a loopback server answering every request as `match` (picked by
 * the request's path) predicts, its Location as the library gives it; a request no rule answers gets 404.
 */
export async function predictingServer(
  match: (host: string, url: URL) => RuleMatch | undefined,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const found = match(host, new URL(`http://${host}${request.url ?? '/'}`));
    if (found === undefined || 'problem' in found) response.writeHead(404);
    else if (found.target === undefined) response.writeHead(found.status);
    // A target on the request's own site stays on this server, as the row moves it to --base-url.
    else response.writeHead(found.status, { location: found.target.replace(`http://${host}/`, '/') });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether the URL parser leaves the path as written (and so the CLI sends what a raw request sends). */
export function sentAsWritten(host: string, path: string): boolean {
  if (!path.startsWith('/') || !URL.canParse(`http://${host}${path}`)) return false;
  const url = new URL(`http://${host}${path}`);
  return `${url.pathname}${url.search}` === path;
}

/** One rules file of a format with no server here, its samples and the library's matcher for it. */
export interface PredictedFile {
  label: string;
  file: string;
  text: string;
  input: SamplesRun['input'];
  requests: readonly string[];
  match: (url: URL) => RuleMatch | undefined;
}

/**
 * Runs every file's samples on one predicting server (each file on a host of its own, `fileN.test`) and compares the
 * rows with the library, as compareRows does.
 */
export async function compareOnPredictingServer(
  files: readonly PredictedFile[],
): Promise<{ compared: number; mismatches: string[] }> {
  const hostOf = (index: number) => `file${index}.test`;
  const byHost = new Map(files.map((each, index) => [hostOf(index), each.match]));
  const server = await predictingServer((host, url) => byHost.get(host)?.(url));
  const mismatches: string[] = [];
  let compared = 0;
  try {
    for (const [index, each] of files.entries()) {
      const host = hostOf(index);
      const requests = each.requests.filter((request) => sentAsWritten(host, request));
      const run = { ...each, host, base: `http://${host}:${server.port}`, requests };
      const result = await compareRows(run, each.match, each.label);
      compared += result.compared;
      mismatches.push(...result.mismatches);
    }
  } finally {
    await server.close();
  }
  return { compared, mismatches };
}

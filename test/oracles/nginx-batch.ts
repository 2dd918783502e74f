/**
 * Generated sites (nginx-generator.ts) asked of one real nginx and of hoplens: every site on a port of its own (its
 * `server` blocks choose among themselves by Host, as nginx does for one address), all of a batch served by one nginx
 * start, each request sent by the raw client and predicted by the matcher `check --samples` uses.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledRules } from '../../src/inputs/patterns/index.js';
import { runNginx } from '../helpers/nginx-process.js';
import { type RawAnswer, rawGet } from '../helpers/raw-http.js';
import { closedPort } from '../helpers/servers.js';
import type { GeneratedRequest, GeneratedSite } from './nginx-generator.js';
import { compileNginxText, type Prediction } from './nginx-oracle.js';

/** One request's outcome: what nginx answered, what hoplens predicted, and the verdict. */
export interface Outcome {
  site: GeneratedSite;
  request: GeneratedRequest;
  answer: RawAnswer;
  prediction: Prediction;
  verdict: 'agree' | 'skip' | 'disagree';
}

/** hoplens's prediction for a request on the site's port (the URL carries the port, as the Location nginx writes). */
function predictAt(compiled: CompiledRules, url: URL): Prediction {
  const found = compiled.match(url);
  if (found === undefined) return { served: true };
  if ('problem' in found) return { skipped: `line ${found.line}: ${found.problem}` };
  return found.target === undefined ? { status: found.status } : { status: found.status, location: found.target };
}

function resolved(location: string | undefined, base: URL): string | undefined {
  if (location === undefined) return undefined;
  // `//` alone names no host: a client cannot follow it, so it is compared as written.
  return URL.canParse(location, base.href) ? new URL(location, base).href : location;
}

/** The verdict: a skip is honest (hoplens says only the server can tell); served is 404, or 403 for a directory. */
export function verdictOf(prediction: Prediction, answer: RawAnswer, url: URL): Outcome['verdict'] {
  if ('skipped' in prediction) return 'skip';
  if ('served' in prediction)
    return (answer.status === 404 || answer.status === 403) && answer.location === undefined ? 'agree' : 'disagree';
  const same =
    prediction.status === answer.status && resolved(prediction.location, url) === resolved(answer.location, url);
  return same ? 'agree' : 'disagree';
}

async function askSite(site: GeneratedSite, port: number): Promise<Outcome[]> {
  const compiled = await compileNginxText(site.text.replaceAll('__PORT__', String(port)));
  const outcomes: Outcome[] = [];
  for (const request of site.requests) {
    // The Host header names the port, as a browser's does for a port other than 80.
    const answer = await rawGet(port, `${request.host}:${port}`, request.path);
    const url = new URL(`http://${request.host}:${port}${request.path}`);
    const prediction = predictAt(compiled, url);
    outcomes.push({ site, request, answer, prediction, verdict: verdictOf(prediction, answer, url) });
  }
  return outcomes;
}

/** The sites served by one nginx on their ports, each request asked and predicted. */
async function served(dir: string, sites: readonly GeneratedSite[], ports: readonly number[]): Promise<Outcome[]> {
  const http = ['access_log off;', `root ${join(dir, 'empty')};`];
  for (const [index, site] of sites.entries())
    http.push(...site.text.replaceAll('__PORT__', String(ports[index])).split('\n'));
  const nginx = await runNginx(dir, http, ports, { workerConnections: 512 });
  try {
    const outcomes: Outcome[] = [];
    for (let at = 0; at < sites.length; at += 8) {
      const chunk = sites.slice(at, at + 8).map((site, index) => askSite(site, ports[at + index]!));
      for (const each of await Promise.all(chunk)) outcomes.push(...each);
    }
    return outcomes;
  } finally {
    await nginx.stop();
  }
}

/** Distinct free ports: the system may hand the same one out twice in a row. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await closedPort());
  return [...ports];
}

/**
 * Serves every site with one nginx start (an empty root: a request no rule answers is 404) and asks each request;
 * once more on other ports when another process held one of them.
 */
export async function runBatch(sites: readonly GeneratedSite[]): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hoplens-nginx-generated-'));
  try {
    await mkdir(join(dir, 'empty'));
    try {
      return await served(dir, sites, await freePorts(sites.length));
    } catch (error) {
      // A port another nginx (a concurrent run) held: nginx could not bind it, or that one stopped serving it.
      if (!/Address already in use|ECONNREFUSED|ECONNRESET/.test(String(error))) throw error;
      return await served(dir, sites, await freePorts(sites.length));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A disagreement as one line: the request, nginx's answer and hoplens's prediction. */
export function describeOutcome({ request, answer, prediction }: Outcome): string {
  return `${request.host} ${request.path}: nginx ${JSON.stringify(answer)}, hoplens ${JSON.stringify(prediction)}`;
}

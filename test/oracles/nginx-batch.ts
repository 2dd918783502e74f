/**
 * Generated sites (nginx-generator.ts) asked of one real nginx and of hoplens: every site on a port of its own (its
 * `server` blocks choose among themselves by Host, as nginx does for one address), all of a batch served by one nginx
 * start, each request sent by the raw client and predicted by the matcher `check --samples` uses.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledRules } from '../../src/inputs/patterns/index.js';
import { runNginx } from '../helpers/nginx-process.js';
import { type RawAnswer, rawGet } from '../helpers/raw-http.js';
import { closedPort } from '../helpers/servers.js';
import type { GeneratedRequest, GeneratedSite } from './nginx-generator.js';
import { compileNginxText, type Prediction } from './nginx-oracle.js';

/**
 * One request's outcome: what nginx answered, what hoplens predicted given the site's root (`--docroot`), and what it
 * predicted without it (`blind`) for the site served from an empty root: it must agree there or skip, never guess.
 * The verdict is a disagreement of either (`answer` is then the one disagreed with), else the first's.
 */
export interface Outcome {
  site: GeneratedSite;
  request: GeneratedRequest;
  answer: RawAnswer;
  prediction: Prediction;
  blind: Prediction;
  blindVerdict: 'agree' | 'skip' | 'disagree';
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

/**
 * The verdict: a skip is honest (hoplens says only the server can tell); served is what nginx answers from the root
 * itself, no Location: a file (200), a folder without its index (403), nothing (404).
 */
export function verdictOf(prediction: Prediction, answer: RawAnswer, url: URL): Outcome['verdict'] {
  if ('skipped' in prediction) return 'skip';
  if ('served' in prediction)
    return [200, 403, 404].includes(answer.status) && answer.location === undefined ? 'agree' : 'disagree';
  const same =
    prediction.status === answer.status && resolved(prediction.location, url) === resolved(answer.location, url);
  return same ? 'agree' : 'disagree';
}

/** Where one site is served twice: from a root holding its files (told to hoplens) and from an empty one (not). */
interface SitePlaces {
  port: number;
  root: string;
  blindPort: number;
}

/** What nginx answers to a request on a port, and the URL hoplens is asked about (the port in it, as nginx writes). */
async function asked(request: GeneratedRequest, port: number): Promise<{ answer: RawAnswer; url: URL }> {
  // The Host header names the port, as a browser's does for a port other than 80.
  const answer = await rawGet(port, `${request.host}:${port}`, request.path);
  return { answer, url: new URL(`http://${request.host}:${port}${request.path}`) };
}

async function askSite(site: GeneratedSite, places: SitePlaces): Promise<Outcome[]> {
  const textOn = (port: number) => site.text.replaceAll('__PORT__', String(port));
  const compiled = await compileNginxText(textOn(places.port), places.root);
  const blindly = await compileNginxText(textOn(places.blindPort));
  const outcomes: Outcome[] = [];
  for (const request of site.requests) {
    const seen = await asked(request, places.port);
    const unseen = await asked(request, places.blindPort);
    const prediction = predictAt(compiled, seen.url);
    const blind = predictAt(blindly, unseen.url);
    const blindVerdict = verdictOf(blind, unseen.answer, unseen.url);
    const verdict = blindVerdict === 'disagree' ? blindVerdict : verdictOf(prediction, seen.answer, seen.url);
    const answer = blindVerdict === 'disagree' ? unseen.answer : seen.answer;
    outcomes.push({ site, request, answer, prediction, blind, blindVerdict, verdict });
  }
  return outcomes;
}

/** A folder holding only `files` (a path ending in `/` a folder). */
async function rootOf(root: string, files: readonly string[]): Promise<string> {
  await mkdir(root);
  for (const path of files) {
    if (path.endsWith('/')) await mkdir(join(root, path), { recursive: true });
    else {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), 'generated\n');
    }
  }
  return root;
}

/** The site's `server` blocks on a port, each serving from `root`. */
function servedText(site: GeneratedSite, port: number, root: string): string[] {
  return site.text.replaceAll('__PORT__', String(port)).replaceAll('server {', `server {\n  root ${root};`).split('\n');
}

/** The sites served by one nginx, each twice on ports of its own (see {@link SitePlaces}), each request asked. */
async function served(dir: string, sites: readonly GeneratedSite[], ports: readonly number[]): Promise<Outcome[]> {
  const empty = await rootOf(join(dir, 'empty'), []);
  const http = ['access_log off;'];
  const places: SitePlaces[] = [];
  for (const [index, site] of sites.entries()) {
    const place = { port: ports[2 * index]!, blindPort: ports[2 * index + 1]!, root: join(dir, `root-${index}`) };
    places.push({ ...place, root: await rootOf(place.root, site.files ?? []) });
    http.push(...servedText(site, place.port, place.root), ...servedText(site, place.blindPort, empty));
  }
  const nginx = await runNginx(dir, http, ports, { workerConnections: 512 });
  try {
    const outcomes: Outcome[] = [];
    for (let at = 0; at < sites.length; at += 8) {
      const chunk = sites.slice(at, at + 8).map((site, index) => askSite(site, places[at + index]!));
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
 * Serves every site with one nginx start (each from a root holding only its files) and asks each request;
 * once more on other ports when another process held one of them.
 */
export async function runBatch(sites: readonly GeneratedSite[]): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hoplens-nginx-generated-'));
  try {
    try {
      return await served(dir, sites, await freePorts(2 * sites.length));
    } catch (error) {
      // A port another nginx (a concurrent run) held: nginx could not bind it, or that one stopped serving it.
      if (!/Address already in use|ECONNREFUSED|ECONNRESET/.test(String(error))) throw error;
      return await served(dir, sites, await freePorts(2 * sites.length));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A disagreement as one line: the request, nginx's answer and hoplens's prediction. */
export function describeOutcome({ request, answer, prediction, blind }: Outcome): string {
  const without =
    JSON.stringify(blind) === JSON.stringify(prediction) ? '' : ` (without --docroot ${JSON.stringify(blind)})`;
  return `${request.host} ${request.path}: nginx ${JSON.stringify(answer)}, hoplens ${JSON.stringify(prediction)}${without}`;
}

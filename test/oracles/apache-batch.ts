/**
 * Generated sites (apache-generator.ts) asked of one real httpd and of hoplens: every site a `<VirtualHost>` on a port
 * of its own (its rules inside, or in its document root's `.htaccess`), all of a batch served by one httpd start, each
 * request sent by the raw client and predicted by the matcher `check --samples` uses (compileRules('apache')).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type CompiledRules, compileRules } from '../../src/inputs/patterns/index.js';
import { freePorts, runApache } from '../helpers/apache-process.js';
import { type RawAnswer, rawGet } from '../helpers/raw-http.js';
import { closedPort } from '../helpers/servers.js';
import type { GeneratedRequest, GeneratedSite } from './apache-generator.js';

/** What hoplens says httpd does with a request: an answer, nothing (httpd serves the path), or only httpd can tell. */
export type Prediction = { skipped: string } | { served: true } | { status: number; location?: string };

/** One request's outcome: what httpd answered, what hoplens predicted, and the verdict. */
export interface Outcome {
  site: GeneratedSite;
  request: GeneratedRequest;
  answer: RawAnswer;
  prediction: Prediction;
  verdict: 'agree' | 'skip' | 'disagree';
}

/** The rules as hoplens reads them: a `.htaccess` as it is, a virtual host's rules inside their section. */
export function hoplensText(site: GeneratedSite): string {
  return site.placement === 'vhost' ? `<VirtualHost *:80>\n${site.text}</VirtualHost>\n` : site.text;
}

function predictAt(compiled: CompiledRules, url: URL): Prediction {
  const found = compiled.match(url);
  if (found === undefined) return { served: true };
  if ('problem' in found) return { skipped: `line ${found.line}: ${found.problem}` };
  return found.target === undefined ? { status: found.status } : { status: found.status, location: found.target };
}

function resolved(location: string | undefined, base: URL): string | undefined {
  if (location === undefined) return undefined;
  return URL.canParse(location, base.href) ? new URL(location, base).href : location;
}

/** The verdict: a skip is honest; served is 404 from the empty root, or 403 for the root directory (no index). */
export function verdictOf(prediction: Prediction, answer: RawAnswer, url: URL): Outcome['verdict'] {
  if ('skipped' in prediction) return 'skip';
  if ('served' in prediction)
    return (answer.status === 404 || answer.status === 403) && answer.location === undefined ? 'agree' : 'disagree';
  const same =
    prediction.status === answer.status && resolved(prediction.location, url) === resolved(answer.location, url);
  return same ? 'agree' : 'disagree';
}

async function askSite(site: GeneratedSite, port: number): Promise<Outcome[]> {
  const compiled = await compileRules('apache', Readable.from([hoplensText(site)]));
  const outcomes: Outcome[] = [];
  for (const request of site.requests) {
    // The Host header names the port, as a browser's does: httpd's Location and %{HTTP_HOST} carry it.
    const answer = await rawGet(port, `${request.host}:${port}`, request.path);
    const url = new URL(`http://${request.host}:${port}${request.path}`);
    const prediction = predictAt(compiled, url);
    outcomes.push({ site, request, answer, prediction, verdict: verdictOf(prediction, answer, url) });
  }
  return outcomes;
}

/** A site's `<VirtualHost>`: an empty document root, the rules inside or in the root's `.htaccess`. */
async function siteConfig(dir: string, site: GeneratedSite, port: number): Promise<string[]> {
  const root = join(dir, `root-${port}`);
  await mkdir(root, { recursive: true });
  const inside = site.placement === 'vhost' ? site.text.trimEnd().split('\n') : [];
  if (site.placement === 'htaccess') await writeFile(join(root, '.htaccess'), site.text);
  return [
    `<VirtualHost 127.0.0.1:${port}>`,
    `DocumentRoot ${root}`,
    `<Directory ${root}>`,
    `AllowOverride ${site.placement === 'htaccess' ? 'All' : 'None'}`,
    'Require all granted',
    '</Directory>',
    ...inside,
    '</VirtualHost>',
  ];
}

/** The sites served by one httpd on their ports, each request asked and predicted, eight sites at a time. */
async function served(dir: string, sites: readonly GeneratedSite[], ports: readonly number[]): Promise<Outcome[]> {
  const body: string[] = [];
  for (const [index, site] of sites.entries()) body.push(...(await siteConfig(dir, site, ports[index]!)));
  const httpd = await runApache(dir, body, ports);
  try {
    const outcomes: Outcome[] = [];
    for (let at = 0; at < sites.length; at += 8) {
      const chunk = sites.slice(at, at + 8).map((site, index) => askSite(site, ports[at + index]!));
      for (const each of await Promise.all(chunk)) outcomes.push(...each);
    }
    return outcomes;
  } finally {
    await httpd.stop();
  }
}

/**
 * Serves every site with one httpd start and asks each request; once more on other ports when another process held
 * one of them.
 */
export async function runBatch(sites: readonly GeneratedSite[]): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hoplens-apache-generated-'));
  try {
    try {
      return await served(dir, sites, await freePorts(sites.length, closedPort));
    } catch (error) {
      if (!/Address already in use|could not bind|ECONNREFUSED|ECONNRESET/.test(String(error))) throw error;
      return await served(dir, sites, await freePorts(sites.length, closedPort));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An outcome as one line: the request, httpd's answer and hoplens's prediction. */
export function describeOutcome({ request, answer, prediction }: Outcome): string {
  return `${request.host} ${request.path}: httpd ${JSON.stringify(answer)}, hoplens ${JSON.stringify(prediction)}`;
}

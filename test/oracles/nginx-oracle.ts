/**
 * The nginx oracle: rules files served by one real nginx on loopback (one `server` block a file, told apart by the
 * Host header), asked with the raw client (test/helpers/raw-http.ts), and what hoplens predicts for the same requests.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type CompiledRules, compileRules } from '../../src/inputs/patterns/index.js';
import { runNginx } from '../helpers/nginx-process.js';
import { type RawAnswer, rawGet } from '../helpers/raw-http.js';
import { closedPort } from '../helpers/servers.js';

/** One rules file to serve, under its own host name. */
export interface ServedFile {
  host: string;
  rules: string;
  /**
   * Served on a port of its own, as its default server: nginx reads the request line (merging slashes or not) with
   * the settings of the address's default server, before the Host header picks a server.
   */
  ownPort?: boolean;
}

/** A running nginx serving rules files. */
export interface ServedFiles {
  ask(host: string, path: string): Promise<RawAnswer>;
  /** The port the host is served on. */
  port(host: string): number;
  stop(): Promise<void>;
}

/**
 * Starts one nginx serving every file, each in a `server` named by its host whose body includes the file, with an
 * empty root (a request no rule answers gets 404) and relative redirects (`absolute_redirect off`).
 */
export async function serveFiles(dir: string, files: readonly ServedFile[]): Promise<ServedFiles> {
  const root = join(dir, 'empty');
  await mkdir(root, { recursive: true });
  const shared = await closedPort();
  const http = ['access_log off;', 'server {', `  listen 127.0.0.1:${shared} default_server;`, '  return 421;', '}'];
  const ports = new Map<string, number>();
  for (const [index, file] of files.entries()) {
    const path = join(dir, `rules-${index}.conf`);
    await writeFile(path, file.rules);
    const port = file.ownPort === true ? await closedPort() : shared;
    ports.set(file.host, port);
    http.push(
      'server {',
      `  listen 127.0.0.1:${port}${file.ownPort === true ? ' default_server' : ''};`,
      `  server_name ${file.host};`,
      '  absolute_redirect off;',
      `  root ${root};`,
      `  include ${path};`,
      '}',
    );
  }
  const nginx = await runNginx(dir, http, [...new Set(ports.values())], { workerConnections: 256 });
  const port = (host: string) => ports.get(host) ?? shared;
  return { ask: (host, path) => rawGet(port(host), host, path), port, stop: nginx.stop };
}

/** What hoplens says nginx does with a request: an answer, or that only the server can tell (skipped). */
export type Prediction = { skipped: string } | { served: true } | { status: number; location?: string; line?: number };

/** The rules compiled by hoplens's nginx matcher, as `check --samples` compiles them (with `--docroot` when given). */
export function compileNginxText(rules: string, docroot?: string): Promise<CompiledRules> {
  return compileRules('nginx', Readable.from([rules]), docroot === undefined ? {} : { docroot });
}

/** hoplens's prediction for `path` on `host`: a path no rule answers is served by nginx itself. */
export function predict(compiled: CompiledRules, host: string, path: string): Prediction {
  const found = compiled.match(new URL(`http://${host}${path}`));
  if (found === undefined) return { served: true };
  if ('problem' in found) return { skipped: `line ${found.line}: ${found.problem}` };
  return found.target === undefined
    ? { status: found.status, line: found.line }
    : { status: found.status, location: found.target, line: found.line };
}

/** A Location as an absolute URL on the request's host, so that a path and a URL compare alike. */
export function absoluteLocation(location: string | undefined, host: string): string | undefined {
  return location === undefined ? undefined : new URL(location, `http://${host}/`).href;
}

/** Whether a prediction is what nginx answered: the same status, and the same Location when it sent one. */
export function agrees(prediction: Prediction, answer: RawAnswer, host: string): boolean {
  if ('skipped' in prediction) return false;
  // Served from the suite's empty root: 404, or 403 for the root directory itself (it has no index file).
  if ('served' in prediction) return (answer.status === 404 || answer.status === 403) && answer.location === undefined;
  return (
    prediction.status === answer.status &&
    absoluteLocation(prediction.location, host) === absoluteLocation(answer.location, host)
  );
}

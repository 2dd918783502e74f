/**
 * A real nginx serving a rules snippet on a loopback port, for tests that check what nginx itself makes of a
 * configuration hoplens wrote (test/helpers/nginx-process.ts runs it).
 */
import { runNginx } from './nginx-process.js';
import { closedPort } from './servers.js';

/** A running nginx. */
export interface NginxServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts nginx in `dir` with one server on `port` (default: a free one; give one when the rules must name it) whose
 * body includes `rulesFile` (location blocks, server-level rewrites), every other path answering 200. Redirects to
 * paths are relative (`absolute_redirect off`), so any Host works.
 */
export async function startNginx(dir: string, rulesFile: string, port?: number): Promise<NginxServer> {
  const listen = port ?? (await closedPort());
  const http = [
    'access_log off;',
    'server {',
    `  listen 127.0.0.1:${listen};`,
    '  absolute_redirect off;',
    `  include ${rulesFile};`,
    '  location / { return 200 "ok\\n"; }',
    '}',
  ];
  const { stop } = await runNginx(dir, http, [listen]);
  return { port: listen, stop };
}

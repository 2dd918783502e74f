/**
 * A site built to have each variants inconsistency once (test/cli/variants-command.test.ts says which and why), served
 * on http and https: reach it with `--connect-to` (`:80:127.0.0.1:PLAIN`, `:443:127.0.0.1:SECURE`).
 */
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './cli.js';
import { startHttpsServer, startServer, type TestServer } from './servers.js';
import { createTestPki } from './tls-certificates.js';

/** The URL as given; it answers itself (the canonical URL) to a browser's GET. */
export const GIVEN = 'https://www.shop.test/some/page';

/** What every face must find: each inconsistency once, naming its variants. */
export const EXPECTED_VARIANT_FINDINGS = [
  { type: 'variants_not_consolidated', variants: ['case', 'index.html', 'index.php'] },
  { type: 'variant_chain', variants: ['scheme'] },
  { type: 'variant_not_https', variants: ['index.php'] },
  { type: 'user_agent_divergence', variants: ['chrome', 'googlebot-smartphone'] },
  { type: 'head_get_mismatch', variants: ['given', 'head'] },
];

function moved(res: ServerResponse, location: string): undefined {
  res.writeHead(301, { location });
  res.end();
}

/** The site: one answer per host, path, scheme, User-Agent and method. */
export function inconsistentSite(req: IncomingMessage, res: ServerResponse): unknown {
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  const page = (status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
  };
  if (!https && host === 'legacy.shop.test') return page();
  if (!https) return moved(res, `https://shop.test${path}`);
  if (host === 'shop.test') return moved(res, `https://www.shop.test${path}`);
  if (host === 'm.shop.test') return page();
  if (path === '/some/page/') return moved(res, 'https://www.shop.test/some/page');
  // Duplicates: each answers a page of its own (a 404 for them would be a note only, variant_not_found).
  if (path === '/SOME/PAGE' || path === '/some/page/index.html') return page();
  if (path === '/some/page/index.php') return moved(res, 'http://legacy.shop.test/some/page');
  if (path !== '/some/page') return page(404);
  if (req.method === 'HEAD') return page(404);
  if (/Android.*Googlebot/.test(req.headers['user-agent'] ?? '')) return moved(res, 'https://m.shop.test/some/page');
  return page();
}

/** A site served on http and https on loopback, with the CA its certificate is signed by. */
export interface BothSchemes {
  readonly plain: TestServer;
  readonly secure: TestServer;
  /** The CA's PEM, and a file of it for `--ca`. */
  readonly ca: string;
  readonly caFile: string;
  /** `--connect-to` rules sending ports 80 and 443 to the two servers, so URLs keep the site's own names. */
  connectTo(): string[];
}

/**
 * Serves `handler` on http and https for the file (started before its tests, closed after): a certificate for `names`,
 * the first its subject. Read the servers from the returned object once the tests run.
 */
export function serveBothSchemes(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  names: readonly string[],
): BothSchemes {
  const state: { plain?: TestServer; secure?: TestServer; ca?: string; caFile?: string } = {};
  let dir: { path: string; remove: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const pki = createTestPki(names[0] ?? 'localhost', [...names]);
    state.ca = pki.ca;
    state.plain = await startServer(handler);
    state.secure = await startHttpsServer(handler, pki.valid);
    dir = await tempDir();
    state.caFile = join(dir.path, 'ca.pem');
    await writeFile(state.caFile, pki.ca);
    // RSA keys for the test PKI: slow on a shared machine.
  }, 60_000);
  afterAll(async () => {
    await Promise.all([state.plain?.close(), state.secure?.close(), dir?.remove()]);
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serveBothSchemes: read only once the tests run');
    return value;
  };
  return {
    get plain() {
      return need(state.plain);
    },
    get secure() {
      return need(state.secure);
    },
    get ca() {
      return need(state.ca);
    },
    get caFile() {
      return need(state.caFile);
    },
    connectTo: () => [`:80:127.0.0.1:${need(state.plain).port}`, `:443:127.0.0.1:${need(state.secure).port}`],
  };
}

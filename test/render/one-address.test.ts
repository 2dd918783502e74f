/**
 * The rebinding that issue 41 found through a rendered page: a name resolving to two addresses the policy allows
 * (an operator who lists an internal network in HOPLENS_ALLOW_NETWORKS). The first address serves the page, which then
 * makes that server stop listening and reads its own origin again. Before, the connector failed over to the second
 * address, and the page, then the next hop, read another server as the same origin. Now the name is held to the
 * address its first connection went to for the whole analysis (SECURITY.md, "One address per name"): the read fails
 * as it would against the dead server, and the second address is never connected to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, HoplensError } from '../../src/index.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const FIRST = '127.0.0.6';
const SECOND = '127.0.0.7';
const SECRET = 'SECRET-OF-THE-SECOND-ADDRESS';
const PAGE = `<!doctype html><script>
  fetch('/stop').then(function () { return fetch('/secret'); }).then(function (r) { return r.text(); })
    .then(function (text) { return { got: text }; }, function (e) { return { failed: e.name }; })
    .then(function (seen) { location.href = '/done?' + new URLSearchParams(seen).toString(); });
</script>`;

let first: TestServer;
let second: TestServer;
const analyzer = new Analyzer({
  renderer: new ChromiumRenderer(),
  resolver: tableResolver({ 'two.test': [FIRST, SECOND] }),
});

beforeAll(async () => {
  first = await startServer((req: IncomingMessage, res: ServerResponse) => {
    // `/stop` makes the first address stop listening, as the attacker's server would once the page is in.
    if (req.url === '/stop') first.server.close();
    res.writeHead(200, { 'content-type': req.url === '/page' ? 'text/html' : 'text/plain', connection: 'close' });
    res.end(req.url === '/page' ? PAGE : 'own');
  }, FIRST);
  second = await startServer(
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      res.end(SECRET);
    },
    SECOND,
    first.port,
  );
});
afterAll(async () => {
  await analyzer.close();
  await Promise.all([first.close(), second.close()]);
});

describe('a rendered page whose name has two addresses', () => {
  it('never reads nor reaches the second address once the first has answered', async () => {
    const outcome = await analyzer
      .analyze(`http://two.test:${first.port}/page`, {
        allowNetworks: [`${FIRST}/32`, `${SECOND}/32`],
        render: true,
        renderWait: 5000,
        robots: false,
      })
      .catch((error: unknown) => error);
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
    // The page's read failed, and its navigation is a hop to the same dead address: a refused connection.
    expect(outcome).toBeInstanceOf(HoplensError);
    const error = outcome as HoplensError;
    expect(error.code).toBe('CONNECTION_REFUSED');
    expect(error.chain?.map((hop) => hop.url)).toEqual([`http://two.test:${first.port}/page`]);
    expect(first.requests).toContain('/stop');
    expect(second.connections()).toBe(0);
  });
});

/**
 * `Analyzer.stream`: a document (a sitemap given by URL) read as a stream through the analysis's own pool. Every
 * redirect it follows is a new connection judged by the same address policy as a hop (the SSRF guard: a public
 * document must not lead hoplens into a private network), the redirects are bounded, and a reader that pauses is
 * not timed out while it does (undici's body timeout counts only waits for bytes asked for).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type HoplensError } from '../../src/core/index.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
const analyzers: Analyzer[] = [];
function analyzer(): Analyzer {
  const made = new Analyzer();
  analyzers.push(made);
  return made;
}

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = req.url ?? '/';
    const hop = /^\/loop\/(\d+)$/.exec(url);
    if (hop !== null) {
      res.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` });
      res.end();
    } else if (url === '/to-other-loopback') {
      res.writeHead(301, { location: `http://127.0.0.2:${server.port}/doc` });
      res.end();
    } else if (url === '/slow-reader') {
      // Two halves a little apart; the reader pauses far longer than the timeout between asking for them.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a'.repeat(256 * 1024));
      setTimeout(() => res.end('b'.repeat(16)), 50);
    } else {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<doc>${url}</doc>`);
    }
  });
});
afterEach(async () => {
  await Promise.all(analyzers.splice(0).map((made) => made.close()));
});
afterAll(async () => {
  await server.close();
});

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('Analyzer.stream', () => {
  it('follows redirects to the document and says where it ended and after how many', async () => {
    const reader = analyzer();
    const prepared = reader.prepare(`${server.origin}/loop/17`, { blockPrivate: false });
    const response = await reader.stream(prepared, { accept: 'application/xml' });
    expect(response.status).toBe(302);
    // 20 redirects followed, then the 21st answer is given as it is.
    expect(response.redirects).toBe(20);
    expect(response.url).toBe(`${server.origin}/loop/37`);
    await response.body.dump();
    const ended = await reader.stream(reader.prepare(`${server.origin}/doc`, { blockPrivate: false }), {
      accept: 'application/xml',
    });
    expect([ended.status, ended.redirects, await text(ended.body)]).toEqual([200, 0, '<doc>/doc</doc>']);
  });

  it("judges each redirect's destination by the address policy before connecting", async () => {
    const reader = analyzer();
    // Only the server's own address is allowed: the redirect to another loopback address is refused.
    const prepared = reader.prepare(`${server.origin}/to-other-loopback`, { allowNetworks: ['127.0.0.1/32'] });
    const before = server.requests.length;
    const failure = await reader.stream(prepared, { accept: '*/*' }).then(
      () => undefined,
      (error: HoplensError) => error,
    );
    expect(failure?.code).toBe('BLOCKED_DESTINATION');
    expect(server.requests.slice(before)).toEqual(['/to-other-loopback']);
  });

  it('does not time a paused reader out: the body timeout counts waits for bytes asked for', async () => {
    const reader = analyzer();
    const prepared = reader.prepare(`${server.origin}/slow-reader`, { blockPrivate: false, timeout: 1000 });
    const response = await reader.stream(prepared, { accept: '*/*' });
    const iterator = response.body[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // Three times the timeout without reading, as a check run does while its rows are being checked.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    let size = (first.value as Buffer).length;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      size += (next.value as Buffer).length;
    }
    expect(size).toBe(256 * 1024 + 16);
  });
});

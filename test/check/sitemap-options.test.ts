/**
 * How a check run opens a sitemap given by URL (src/check/run/run-input.ts): through an analyzer of the run's
 * settings and options, minus what does not apply to reading a document: a run with `--render` (whose renderer the
 * rows use) reads its sitemap without a browser, rather than failing with RENDER_UNAVAILABLE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckRunPlan, sitemapOptions } from '../../src/check/index.js';
import { openInput } from '../../src/inputs/index.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end('<urlset><url><loc>https://a.example/</loc></url></urlset>');
  });
});
afterAll(() => server.close());

async function text(stream: AsyncIterable<unknown>): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

describe('a check run’s sitemap by URL', () => {
  it('is read with the run’s options but render, which is the rows’ own', async () => {
    const plan = { analyzeOptions: { render: true, renderWait: 500, blockPrivate: false } } as unknown as CheckRunPlan;
    const options = sitemapOptions(plan, {});
    const stream = await openInput(`${server.origin}/sitemap.xml`, process.stdin, 'sitemap', options);
    expect(await text(stream)).toContain('<loc>https://a.example/</loc>');
  });

  it("refuses the sitemap's address under the run's address policy", async () => {
    const plan = { analyzeOptions: { blockPrivate: true } } as unknown as CheckRunPlan;
    const failure = await openInput(`${server.origin}/sitemap.xml`, process.stdin, 'sitemap', sitemapOptions(plan, {}))
      .then(() => undefined)
      .catch((error: Error) => error);
    expect(failure?.message).toMatch(/cannot fetch .*a loopback address, not a public address/);
  });
});

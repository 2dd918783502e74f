/**
 * The site crawl's closing figures count what a reader takes them for (issue 44: "12 links to 19 distinct URLs"
 * counted the hops of the links' redirects as linked URLs, and the redirects as pages): pages are the URLs read for
 * themselves, the redirects followed to reach them are said apart, and "distinct URLs" are those the links name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(body);
    };
    // The home page links to a two-redirect chain, a one-redirect chain and the page both end on, twice each.
    if (req.url === '/') html('<a href="/a">a</a> <a href="/x">x</a> <a href="/c">c</a> <a href="/a">a again</a>');
    else if (req.url === '/a') res.writeHead(301, { location: '/b' }).end();
    else if (req.url === '/b') res.writeHead(301, { location: '/c' }).end();
    else if (req.url === '/x') res.writeHead(302, { location: '/c' }).end();
    else if (req.url === '/c') html('<p>the end</p> <a href="/">home</a>');
    else res.writeHead(404).end();
  });
});
afterAll(() => server.close());

describe('hoplens crawl: the closing figures', () => {
  it('counts pages, the redirects followed to them, and the distinct URLs the links name', async () => {
    const { stderr } = await runCli(['crawl', `${server.origin}/`, '--no-progress']);
    // Pages: / and /c. Redirects followed: /a, /b and /x. Links: 4 on / and 1 on /c, to /a, /x, /c and /.
    expect(stderr).toContain(
      'crawled 2 pages (2 2xx) through 3 redirects, 5 links to 4 distinct URLs; 3 links with findings',
    );
  });
});

/**
 * `-H 'Name: value'` and `--request-cookie` (and the library's `requestHeaders`, `requestCookie`): sent on every hop of
 * the chain, as curl's `-H` is sent on every request it makes (curl/curl docs/cmdline-opts/header.md: "Extra header to
 * include in information sent"), while the headers that frame the request or that another option owns are refused by
 * name: Host and the connection's headers belong to the connection (RFC 9110 §7.2 Host, RFC 9112 §9.6 Connection,
 * RFC 9113 §8.2.2 connection-specific fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startRedirectServer({
    '/start': { status: 301, location: '{origin}/next' },
    '/next': { status: 302, location: '/end' },
    '/end': { status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } },
  });
});

afterAll(() => server.close());

describe('request headers and cookie', () => {
  it('the CLI sends -H headers and --request-cookie on every hop', async () => {
    const before = server.received.length;
    const { code } = await runCli([
      `${server.origin}/start`,
      '--json',
      '--no-robots',
      '-H',
      'Accept-Language: de-CH',
      '--header',
      'X-Staging-Token:  s3cret ',
      '--request-cookie',
      'preview=1',
    ]);
    expect(code).toBe(0);
    const hops = server.received.slice(before);
    expect(hops.map((hop) => hop.url)).toEqual(['/start', '/next', '/end']);
    for (const hop of hops) {
      expect(hop.headers['accept-language']).toBe('de-CH');
      expect(hop.headers['x-staging-token']).toBe('s3cret');
      expect(hop.headers.cookie).toBe('preview=1');
      // The tracer's own stay its own.
      expect(hop.headers['user-agent']).toBe('hoplens/1.0');
    }
  });

  it.each([
    ['Host: staging.example', 'Host'],
    ['content-length: 5', 'content-length'],
    ['Connection: close', 'Connection'],
    ['Transfer-Encoding: chunked', 'Transfer-Encoding'],
    ['User-Agent: x', 'User-Agent'],
  ])('refuses -H %j with exit 2 naming the header, before any request', async (line, name) => {
    const before = server.received.length;
    const { code, stderr } = await runCli([`${server.origin}/start`, '-H', line]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--header must not set ${name}: hoplens sets it itself`);
    expect(server.received.length).toBe(before);
  });

  // Issue 44: the refusal read "(the host is the URL's (to connect elsewhere, use "resolve" or "connectTo"))", the
  // library's option names in nested parentheses. curl's own way to reach another address keeps the Host of the URL:
  // --resolve and --connect-to (https://curl.se/docs/manpage.html#--resolve), hoplens's flags of the same names.
  it('refuses -H "Host: ..." naming --resolve and --connect-to, in flat words', async () => {
    const { code, stderr } = await runCli([`${server.origin}/start`, '-H', 'Host: staging.example']);
    expect(code).toBe(2);
    expect(stderr).toContain(
      "--header must not set Host: hoplens sets it itself (the host is the URL's); to connect elsewhere, use --resolve or --connect-to",
    );
    expect(stderr).not.toMatch(/connectTo|"resolve"|\([^)]*\(/);
    const agent = await runCli([`${server.origin}/start`, '-H', 'User-Agent: x']);
    expect(agent.stderr).toContain('--header must not set User-Agent: hoplens sets it itself; use --user-agent');
  });

  it('refuses a line without a colon, and a value with a line break (no header injection)', async () => {
    const noColon = await runCli([`${server.origin}/start`, '-H', 'Accept-Language de']);
    expect(noColon.code).toBe(2);
    expect(noColon.stderr).toContain('--header must be written "Name: value"');
    const injected = await runCli([`${server.origin}/start`, '-H', 'X-A: 1\r\nHost: evil.test']);
    expect(injected.code).toBe(2);
    expect(injected.stderr).toContain('no control characters');
  });

  it('the library takes requestHeaders and requestCookie, and refuses an owned header as INVALID_OPTION', async () => {
    const analyzer = new Analyzer();
    try {
      const before = server.received.length;
      await analyzer.analyze(`${server.origin}/start`, {
        allowNetworks: ['127.0.0.0/8'],
        robots: false,
        requestHeaders: { Referer: 'https://old.example/' },
        requestCookie: 'a=1; b=2',
      });
      const hops = server.received.slice(before);
      expect(hops).toHaveLength(3);
      expect(
        hops.every((hop) => hop.headers.referer === 'https://old.example/' && hop.headers.cookie === 'a=1; b=2'),
      ).toBe(true);
      await expect(analyzer.analyze(`${server.origin}/start`, { requestHeaders: { Host: 'x' } })).rejects.toMatchObject(
        { code: 'INVALID_OPTION', details: { option: 'requestHeaders', got: '"Host"' } },
      );
    } finally {
      await analyzer.close();
    }
  });
});

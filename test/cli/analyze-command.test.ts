import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENT_PRESETS } from '../../src/cli/user-agents.js';
import { runCli } from '../helpers/cli.js';
import { chainRoutes, startServer, type TestServer } from '../helpers/servers.js';

/** What the server saw of each request. */
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
let server: TestServer;
let base: string;

beforeAll(async () => {
  const chain = chainRoutes(5);
  server = await startServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const path = req.url ?? '';
    const hop = chain[path];
    if (hop !== undefined) {
      res.writeHead(hop.status, { ...(hop.location === undefined ? {} : { location: hop.location as string }) });
      return res.end(hop.body ?? '');
    }
    switch (path) {
      case '/old':
        res.writeHead(301, { location: '/new', 'x-custom': 'yes' });
        return res.end();
      case '/new':
        res.writeHead(200, { 'content-type': 'text/plain', 'x-custom': 'yes' });
        return res.end('new');
      case '/missing':
        res.writeHead(301, { location: '/nowhere' });
        return res.end();
      case '/loop-a':
        res.writeHead(302, { location: '/loop-b' });
        return res.end();
      case '/loop-b':
        res.writeHead(302, { location: '/loop-a' });
        return res.end();
      case '/login':
        res.writeHead(302, { location: '/members', 'set-cookie': 'session=abc; Path=/' });
        return res.end();
      case '/members':
        res.writeHead(req.headers.cookie?.includes('session=abc') ? 200 : 403);
        return res.end();
      case '/slow':
        setTimeout(() => {
          res.writeHead(200);
          res.end();
        }, 1500);
        return;
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  // A name, not an IP, so that the run() tests go through the injected resolver.
  base = `http://site.test:${server.port}`;
});

afterAll(async () => {
  await server.close();
});

/** The last request of a chain (robots.txt, read after a chain that ends on a page, is not one of its requests). */
const last = () => seen.filter((request) => request.url !== '/robots.txt').at(-1)!;

describe('hoplens <url...> (through run())', () => {
  it('prints the chain as a table with issues and summary, and exits 0 for a working chain', async () => {
    const { code, stdout, stderr } = await runCli([`${base}/old`]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain(`${base}/old\n`);
    expect(stdout).toMatch(/Hop\s+Status\s+URL\s+Time/);
    expect(stdout).toMatch(new RegExp(`1\\s+301 Moved Permanently\\s+${base}/old\\s+\\d+ ms`));
    expect(stdout).toMatch(new RegExp(`2\\s+200 OK\\s+${base}/new\\s+\\d+ ms`));
    expect(stdout).toContain('[not_https]');
    expect(stdout).toMatch(/Summary: 2 hops \(1 redirect\) · final 200 OK http:\/\/site\.test:\d+\/new · \d+ ms/);
    // Not a terminal: no colour codes.
    expect(stdout).not.toContain('\u001b[');
  });

  it('exits 1 when a chain ends on an error, loops, or cannot be analysed; every URL is still reported', async () => {
    const { code, stdout } = await runCli([
      `${base}/missing`,
      `${base}/loop-a`,
      'http://refused.test:1/',
      `${base}/old`,
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain('[error_status]');
    expect(stdout).toContain('[redirect_loop]');
    expect(stdout).toMatch(/Failed: .*\[(CONNECTION_REFUSED|NETWORK_ERROR)\]/);
    // In the order given.
    const order = ['/missing', '/loop-a', 'refused.test', '/old'].map((part) => stdout.indexOf(part));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('--json prints the Analysis result exactly as the API returns it, an array for several URLs', async () => {
    const one = await runCli([`${base}/old`, '--json']);
    expect(one.code).toBe(0);
    const result = JSON.parse(one.stdout);
    expect(Object.keys(result)).toEqual(['success', 'url', 'chain', 'summary']);
    expect(result).toMatchObject({
      success: true,
      url: `${base}/old`,
      summary: { totalHops: 2, finalUrl: `${base}/new`, finalStatus: 200, hasLoop: false },
    });
    expect(result.chain[0]).toMatchObject({
      status: 301,
      statusText: 'Moved Permanently',
      headers: { location: '/new' },
    });
    // Default header selection: the redirect-relevant ones only.
    expect(result.chain[0].headers['x-custom']).toBeUndefined();

    const many = await runCli([`${base}/old`, 'http://refused.test:1/', '--json']);
    expect(many.code).toBe(1);
    const [ok, failed] = JSON.parse(many.stdout);
    expect(ok.success).toBe(true);
    expect(failed).toMatchObject({
      success: false,
      url: 'http://refused.test:1/',
      error: { code: expect.any(String) },
    });
    expect(failed.chain).toEqual([]);
  });

  it('--headers all reports every response header', async () => {
    const { stdout } = await runCli([`${base}/old`, '--json', '--headers', 'all']);
    expect(JSON.parse(stdout).chain[0].headers['x-custom']).toBe('yes');
  });

  it('--ua presets and --user-agent set the User-Agent; --method head sends HEAD', async () => {
    await runCli([`${base}/new`, '--ua', 'googlebot']);
    expect(last().headers['user-agent']).toBe(USER_AGENT_PRESETS.googlebot);
    await runCli([`${base}/new`, '--ua', 'iphone']);
    expect(last().headers['user-agent']).toContain('iPhone');
    await runCli([`${base}/new`, '--user-agent', 'MyBot/2.0']);
    expect(last().headers['user-agent']).toBe('MyBot/2.0');
    await runCli([`${base}/new`]);
    expect(last().headers['user-agent']).toBe('hoplens/1.0');
    await runCli([`${base}/new`, '--method', 'HEAD']);
    expect(last().method).toBe('HEAD');
    await runCli([`${base}/new`, '--method', 'get']);
    expect(last().method).toBe('GET');
  });

  it('--cookies carries cookies from hop to hop', async () => {
    expect((await runCli([`${base}/login`])).code).toBe(1);
    const withCookies = await runCli([`${base}/login`, '--cookies', '--json']);
    expect(withCookies.code).toBe(0);
    expect(JSON.parse(withCookies.stdout).summary.finalStatus).toBe(200);
  });

  it('--max-hops stops a long chain (an error finding) and --timeout bounds a hop', async () => {
    const hops = await runCli([`${base}/hop/0`, '--max-hops', '3', '--json']);
    expect(hops.code).toBe(1);
    expect(JSON.parse(hops.stdout).summary.issues[0].type).toBe('max_hops_reached');
    const slow = await runCli([`${base}/slow`, '--timeout', '1000', '--json']);
    expect(slow.code).toBe(1);
    expect(JSON.parse(slow.stdout).error.code).toBe('TIMEOUT');
  });

  it('allows private destinations by default and refuses them with --block-private', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    expect((await runCli([`${origin}/new`])).code).toBe(0);
    const blocked = await runCli([`${origin}/new`, '--block-private', '--json']);
    expect(blocked.code).toBe(1);
    expect(JSON.parse(blocked.stdout).error.code).toBe('BLOCKED_DESTINATION');
    expect((await runCli([`${origin}/new`, '--block-private', '--allow-network', '127.0.0.0/8'])).code).toBe(0);
  });

  it('exits 2 with a message naming the flag for usage errors, before any request', async () => {
    const before = seen.length;
    const cases: Array<[string[], RegExp]> = [
      [[`${base}/new`, '--max-hops', '0'], /--max-hops must be an integer from 1 to 20, got 0/],
      [[`${base}/new`, '--max-hops', 'ten'], /--max-hops must be an integer, got "ten"/],
      [[`${base}/new`, '--timeout', '50'], /--timeout must be an integer from 1000 to 30000, got 50/],
      // A length limit says the length it got, not the (long) text.
      [
        [`${base}/new`, '--user-agent', 'u'.repeat(600)],
        /--user-agent must be at most 512 characters, got 600 characters$/m,
      ],
      [[`${base}/new`, '--method', 'post'], /--method must be one of GET, HEAD/],
      [[`${base}/new`, '--ua', 'netscape'], /--ua <preset>' argument 'netscape' is invalid/],
      [[`${base}/new`, '--ua', 'chrome', '--user-agent', 'x'], /cannot be used with option '--ua/],
      [[`${base}/new`, '--bogus'], /unknown option '--bogus'/],
      [[`${base}/new`, 'ftp://files.test/'], /Only http and https URLs can be analysed/],
      // Bare `hoplens`: the help, on stderr, as a usage error (it once said only "missing required argument 'url'").
      [[], /^Usage: hoplens \[options\] \[command\] <url\.\.\.>\n[\s\S]*\nCommands:\n/],
      [[`${base}/new`, '--block-private', '--allow-network', 'nonsense'], /--allow-network .*not an IP address/],
      // An exemption from a block that is off would do nothing: refused rather than silently ignored.
      [[`${base}/new`, '--allow-network', '10.0.0.0/8'], /--allow-network only has an effect with --block-private/],
    ];
    for (const [argv, message] of cases) {
      const { code, stdout, stderr } = await runCli(argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    }
    expect(seen.length).toBe(before);
  });

  it('colours on a terminal or with FORCE_COLOR, never with NO_COLOR', async () => {
    expect((await runCli([`${base}/new`], { stdoutIsTTY: true })).stdout).toContain('\u001b[32m200 OK');
    expect((await runCli([`${base}/new`], { env: { FORCE_COLOR: '1' } })).stdout).toContain('\u001b[');
    expect((await runCli([`${base}/new`], { stdoutIsTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    // Status colours by class: 404 in red.
    expect((await runCli([`${base}/missing`], { stdoutIsTTY: true })).stdout).toContain('\u001b[31m404 Not Found');

    // --no-color wins over a terminal and over FORCE_COLOR.
    const flagged = await runCli([`${base}/new`, '--no-color'], { stdoutIsTTY: true, env: { FORCE_COLOR: '1' } });
    expect(flagged.code).toBe(0);
    expect(flagged.stdout).toContain('200 OK');
    expect(flagged.stdout).not.toContain('\u001b[');
  });

  it('documents itself: --help with examples and exit codes, --version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const text of ['--max-hops', '--timeout', '--user-agent', '--ua', '--method', '--cookies', '--headers']) {
      expect(help.stdout).toContain(text);
    }
    expect(help.stdout).toContain('Examples:');
    expect(help.stdout).toContain('Exit status:');
    expect(help.stdout).toContain('check [options] <file>');
    const version = await runCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it('stops on Ctrl-C (the injected signal) with exit 130', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const { code, stderr } = await runCli([`${base}/slow`], { signal: controller.signal });
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted after 0 of 1 URLs');
  });
});

/**
 * SSRF battery through the API. The service blocks every non-public destination at every hop; these payloads try
 * every notation, range and parser trick we know of, and two loopback "traps" (127.0.0.1 and ::1, on the port the
 * payloads name) count the connections that get through: there must be none. Under it all, a tripwire in this
 * process records every TCP connect attempt and refuses any off loopback, so a guard that failed open could neither
 * reach a real network nor go unnoticed.
 *
 * 127.0.0.2 stands in for a public address where a first hop must be reachable: the app that serves those tests
 * exempts exactly 127.0.0.2/32, so 127.0.0.1, ::1 and everything else stay blocked.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressPolicy, classifyAddress } from '../../src/core/address/policy.js';
import { Analyzer } from '../../src/core/analyzer.js';
import { cleanupAfterAll } from '../helpers/cleanups.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { type TableResolver, tableResolver } from '../helpers/resolvers.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith } from '../helpers/service.js';

const tripwire = installTripwire();

const STAND_IN = '127.0.0.2';
/** Where names go when a payload smuggles one in: a private address, so it is blocked after the lookup as well. */
const PRIVATE_FALLBACK = '10.9.9.9';
/** A public address for resolver answers only; the tripwire refuses any connection to it. */
const PUBLIC = '93.184.215.14';

let port = 0;
let trap4: TestServer;
let trap6: TestServer;
let standIn: TestServer;
const closers = cleanupAfterAll();

const trapHits = () => trap4.connections() + trap6.connections();

/** Listens on 127.0.0.1, ::1 and 127.0.0.2 on one port, so every payload can name the traps' port. */
async function startTraps(): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const first = await startServer((_req, res) => res.end('trap'));
    const started: TestServer[] = [first];
    try {
      started.push(await startServer((_req, res) => res.end('trap'), '::1', first.port));
      started.push(await startServer(standInHandler, STAND_IN, first.port));
      [trap4, trap6, standIn] = started as [TestServer, TestServer, TestServer];
      port = first.port;
      for (const server of started) closers.push(() => server.close());
      return;
    } catch {
      await Promise.all(started.map((server) => server.close()));
    }
  }
  throw new Error('no port free on 127.0.0.1, ::1 and 127.0.0.2 at once');
}

/**
 * Mid-chain Locations the stand-in answers with: `/mid/<n>` redirects to MID_CHAIN[n].location, `{P}` being the
 * traps' port. Each is refused as a finding, except the one that WHATWG resolves back onto the stand-in itself.
 */
const MID_CHAIN: ReadonlyArray<{ location: string; issue?: string; followsTo?: string }> = [
  { location: '//169.254.169.254/', issue: 'blocked_destination' },
  { location: '/\\169.254.169.254/', issue: 'blocked_destination' },
  // Same scheme as the base: WHATWG (and every browser) reads this as a path on the same host, not as 127.0.0.1.
  { location: 'http:/127.0.0.1', followsTo: '/127.0.0.1' },
  // Another scheme than the base: now it is the host.
  { location: 'https:/127.0.0.1:{P}/', issue: 'blocked_destination' },
  { location: 'https:127.0.0.1', issue: 'blocked_destination' },
  { location: '//[::1]:6379/', issue: 'blocked_destination' },
  { location: '//[::1]:{P}/', issue: 'blocked_destination' },
  { location: 'file:///etc/passwd', issue: 'invalid_location' },
  { location: '//127.0.0.1:{P}/', issue: 'blocked_destination' },
  { location: 'http://localhost:{P}/', issue: 'blocked_destination' },
  { location: 'http://2130706433:{P}/', issue: 'blocked_destination' },
  { location: 'http://0x7f.1:{P}/', issue: 'blocked_destination' },
  { location: '//[::ffff:127.0.0.1]:{P}/', issue: 'blocked_destination' },
  { location: 'http://a@127.0.0.1:{P}/', issue: 'blocked_destination' },
  { location: 'http://%31%32%37.0.0.1:{P}/', issue: 'blocked_destination' },
  { location: 'http://169.254.169.254/latest/meta-data/', issue: 'blocked_destination' },
  { location: 'https://[fd00:ec2::254]/', issue: 'blocked_destination' },
  // A name that resolves to loopback: refused by the connector's lookup, after the redirect was accepted.
  { location: 'http://loopback-name.test:{P}/', issue: 'blocked_destination' },
  { location: 'gopher://127.0.0.1:{P}/_INFO', issue: 'invalid_location' },
  { location: 'javascript:alert(1)', issue: 'invalid_location' },
  { location: 'http://[::1', issue: 'invalid_location' },
];

function standInHandler(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
  // Every answer closes its connection, so each hop opens a new one (and does a new lookup).
  res.setHeader('connection', 'close');
  const mid = /^\/mid\/(\d+)$/.exec(req.url ?? '');
  if (mid !== null) {
    const entry = MID_CHAIN[Number(mid[1])];
    res.writeHead(302, { location: (entry?.location ?? '/').replaceAll('{P}', String(port)) });
    res.end();
    return;
  }
  if (req.url === '/rebind') {
    res.writeHead(302, { location: `http://rebind.test:${port}/landing` });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('stand-in');
}

type Expected = 'BLOCKED_DESTINATION' | 'INVALID_URL';
const B: Expected = 'BLOCKED_DESTINATION';
const I: Expected = 'INVALID_URL';

/** [label, url, expected code]. `P` is the traps' port. */
function payloads(P: number): Array<[string, string, Expected]> {
  return [
    // loopback, in every notation WHATWG URL parsing normalises
    ['loopback', `http://127.0.0.1:${P}/`, B],
    ['localhost', `http://localhost:${P}/`, B],
    ['LOCALHOST. (case, trailing dot)', `http://LOCALHOST.:${P}/`, B],
    ['sub.localhost', `http://foo.localhost:${P}/`, B],
    ['decimal', `http://2130706433:${P}/`, B],
    ['hex', `http://0x7f000001:${P}/`, B],
    ['octal', `http://0177.0.0.1:${P}/`, B],
    ['whole octal', `http://017700000001:${P}/`, B],
    ['short 127.1', `http://127.1:${P}/`, B],
    ['short hex 0x7f.1', `http://0x7f.1:${P}/`, B],
    ['mixed hex dotted', `http://0x7f.0x0.0x0.0x1:${P}/`, B],
    ['zero-padded', `http://127.000.000.001:${P}/`, B],
    ['trailing dot', `http://127.0.0.1.:${P}/`, B],
    ['0', `http://0:${P}/`, B],
    ['0.0.0.0', `http://0.0.0.0:${P}/`, B],
    ['fullwidth digits', `http://１２７．０．０．１:${P}/`, B],
    ['circled digits', `http://①②⑦.⓪.⓪.①:${P}/`, B],
    ['ideographic full stops', `http://127。0。0。1:${P}/`, B],
    ['percent-encoded host', `http://%31%32%37.0.0.1:${P}/`, B],
    ['tab inside the host', `http://127.0.\t0.1:${P}/`, B],
    ['top of 127/8', `http://127.255.255.254:${P}/`, B],
    ['127.0.0.2 (not exempt here)', `http://127.0.0.2:${P}/`, B],
    ['https loopback', `https://127.0.0.1:${P}/`, B],
    // private, shared, reserved, special-purpose and metadata ranges
    ['10/8', `http://10.0.0.1:${P}/`, B],
    ['10/8 top', `http://10.255.255.254:${P}/`, B],
    ['10/8 short', `http://10.1:${P}/`, B],
    ['172.16/12', `http://172.16.0.1:${P}/`, B],
    ['172.16/12 top', `http://172.31.255.254:${P}/`, B],
    ['192.168/16', `http://192.168.0.1:${P}/`, B],
    ['192.168/16 top', `http://192.168.255.254:${P}/`, B],
    ['100.64/10 CGNAT', `http://100.64.0.1:${P}/`, B],
    ['100.64/10 top', `http://100.127.255.254:${P}/`, B],
    ['metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/', B],
    ['metadata decimal', 'http://2852039166/', B],
    ['metadata hex', 'http://0xa9fea9fe/', B],
    ['metadata dotted hex', 'http://0xa9.0xfe.0xa9.0xfe/', B],
    ['metadata octal', 'http://0251.0376.0251.0376/', B],
    ['link-local', `http://169.254.1.1:${P}/`, B],
    ['ECS metadata 169.254.170.2', 'http://169.254.170.2/v2/credentials', B],
    ['Alibaba metadata 100.100.100.200', 'http://100.100.100.200/latest/meta-data/', B],
    ['Oracle metadata 192.0.0.192', 'http://192.0.0.192/opc/v1/instance/', B],
    ['Azure WireServer 168.63.129.16 (public by class)', 'http://168.63.129.16/', B],
    ['IETF 192.0.0/24', `http://192.0.0.8:${P}/`, B],
    ['TEST-NET-1', `http://192.0.2.1:${P}/`, B],
    ['TEST-NET-2', `http://198.51.100.1:${P}/`, B],
    ['TEST-NET-3', `http://203.0.113.1:${P}/`, B],
    ['benchmarking 198.18/15', `http://198.18.0.1:${P}/`, B],
    ['multicast', `http://224.0.0.1:${P}/`, B],
    ['multicast SSDP', `http://239.255.255.250:${P}/`, B],
    ['reserved 240/4', `http://240.0.0.1:${P}/`, B],
    ['broadcast', `http://255.255.255.255:${P}/`, B],
    ['this network 0/8', `http://0.1.2.3:${P}/`, B],
    // IPv6, and IPv6 forms that carry an IPv4 address
    ['[::1]', `http://[::1]:${P}/`, B],
    ['[::1] long form', `http://[0:0:0:0:0:0:0:1]:${P}/`, B],
    ['[::]', `http://[::]:${P}/`, B],
    ['mapped [::ffff:127.0.0.1]', `http://[::ffff:127.0.0.1]:${P}/`, B],
    ['mapped hex [::ffff:7f00:1]', `http://[::ffff:7f00:1]:${P}/`, B],
    ['mapped metadata', 'http://[::ffff:169.254.169.254]/', B],
    ['mapped private', `http://[::ffff:10.0.0.1]:${P}/`, B],
    ['compatible [::127.0.0.1]', `http://[::127.0.0.1]:${P}/`, B],
    ['SIIT [::ffff:0:7f00:1]', `http://[::ffff:0:7f00:1]:${P}/`, B],
    ['NAT64 [64:ff9b::7f00:1]', `http://[64:ff9b::7f00:1]:${P}/`, B],
    ['NAT64 metadata', 'http://[64:ff9b::a9fe:a9fe]/', B],
    ['local-use NAT64', `http://[64:ff9b:1::a00:1]:${P}/`, B],
    ['6to4 [2002:7f00:1::]', `http://[2002:7f00:1::]:${P}/`, B],
    ['6to4 metadata', 'http://[2002:a9fe:a9fe::]/', B],
    ['Teredo carrying 127.0.0.1', `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P}/`, B],
    ['AWS IMDSv6 [fd00:ec2::254]', 'http://[fd00:ec2::254]/latest/meta-data/', B],
    ['unique local fc00::/7', `http://[fc00::1]:${P}/`, B],
    ['link-local [fe80::1]', `http://[fe80::1]:${P}/`, B],
    ['multicast [ff02::1]', `http://[ff02::1]:${P}/`, B],
    ['documentation [2001:db8::1]', `http://[2001:db8::1]:${P}/`, B],
    ['discard-only [100::1]', `http://[100::1]:${P}/`, B],
    ['zone id (not a URL)', `http://[fe80::1%25eth0]:${P}/`, I],
    // userinfo, backslash, fragment and query tricks: WHATWG decides the host, and it is loopback each time
    ['userinfo a@', `http://a@127.0.0.1:${P}/`, B],
    ['userinfo host-like', `http://evil.test@127.0.0.1:${P}/`, B],
    ['userinfo user:pass on [::1]', `http://user:pass@[::1]:${P}/`, B],
    ['backslash before @', `http://127.0.0.1:${P}\\@evil.test/`, B],
    ['fragment before @', `http://127.0.0.1:${P}#@evil.test/`, B],
    ['query before @', `http://127.0.0.1:${P}?@evil.test/`, B],
    ['backslashes for slashes', `http:\\\\127.0.0.1:${P}\\`, B],
    ['slash-backslash', `http:/\\127.0.0.1:${P}/`, B],
    ['no slashes', `http:127.0.0.1:${P}/`, B],
    ['upper-case scheme', `HTTP://127.0.0.1:${P}/`, B],
    ['surrounding spaces', `  http://127.0.0.1:${P}/  `, B],
    ['encoded slash in userinfo (host is a name)', `http://127.0.0.1%2f@evil.test:${P}/`, B],
    ['name resolving to a private address', `http://internal.test:${P}/`, B],
    // schemes and shapes that are not http(s) URLs at all
    ['file:', 'file:///etc/passwd', I],
    ['gopher:', `gopher://127.0.0.1:${P}/_INFO`, I],
    ['ftp:', `ftp://127.0.0.1:${P}/`, I],
    ['javascript:', 'javascript:alert(1)', I],
    ['data:', 'data:text/plain,hi', I],
    ['dict:', `dict://127.0.0.1:${P}/stat`, I],
    ['ws:', `ws://127.0.0.1:${P}/`, I],
    ['scheme-relative', `//127.0.0.1:${P}/`, I],
    ['no host', 'http://', I],
    ['unclosed bracket', `http://[::1:${P}/`, I],
    ['port out of range', 'http://127.0.0.1:99999/', I],
    ['octet out of range', `http://256.256.256.256:${P}/`, I],
  ];
}

let blocking: FastifyInstance;
let blockingResolver: TableResolver;

beforeAll(async () => {
  await startTraps();
  blockingResolver = tableResolver(
    {
      'internal.test': '10.0.0.5',
      'mixed-public.test': [PUBLIC, '10.0.0.5'],
      'public-then-private.test': [PUBLIC, '::1'],
    },
    PRIVATE_FALLBACK,
  );
  // Blocking on, nothing exempt: the service as deployed.
  blocking = await appWith(
    { HOPLENS_ALLOW_NETWORKS: '', HOPLENS_RATE_LIMIT_PER_MINUTE: '100000', HOPLENS_RATE_LIMIT_PER_DAY: '100000' },
    { analyzer: new Analyzer({ resolver: blockingResolver }) },
  );
  closers.push(() => blocking.close());
});

beforeEach(() => {
  tripwire.reset();
});

describe('SSRF battery: submitted URLs, blocking on, nothing exempt', () => {
  it('has at least 60 payloads', () => {
    expect(payloads(port).length).toBeGreaterThanOrEqual(60);
  });

  it('refuses every payload with 400 and the right code, and nothing connects anywhere', async () => {
    const outcomes: Array<{ label: string; status: number; code: unknown; expected: Expected }> = [];
    for (const [label, url, expected] of payloads(port)) {
      const response = await blocking.inject({ url: analyzePath({ url }) });
      const body = response.json() as { success: boolean; error?: { code?: string } };
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(body.success).toBe(false);
      outcomes.push({ label, status: response.statusCode, code: body.error?.code, expected });
    }
    const wrong = outcomes.filter((outcome) => outcome.status !== 400 || outcome.code !== outcome.expected);
    expect(wrong).toEqual([]);
    expect(trapHits()).toBe(0);
    expect(tripwire.attempts).toEqual([]);
  });

  it('refuses a name with a public and a private answer before connecting to either', async () => {
    for (const name of ['mixed-public.test', 'public-then-private.test']) {
      const response = await blocking.inject({ url: analyzePath({ url: `http://${name}:${port}/` }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BLOCKED_DESTINATION');
      expect(blockingResolver.calls).toContain(name);
    }
    expect(tripwire.attempts).toEqual([]);
  });
});

describe('SSRF mid-chain: the first hop is reachable (127.0.0.2 exempt), the redirect is not', () => {
  let app: FastifyInstance;
  let resolver: TableResolver;

  beforeAll(async () => {
    resolver = tableResolver({
      'start.test': STAND_IN,
      'loopback-name.test': '127.0.0.1',
      'mixed.test': [STAND_IN, '127.0.0.1'],
      'mixed-reversed.test': ['127.0.0.1', STAND_IN],
      'mixed-v6.test': [STAND_IN, '::1'],
      // DNS rebinding: the first lookup gives the allowed stand-in, every later one loopback.
      'rebind.test': (call) => (call === 0 ? STAND_IN : '127.0.0.1'),
      'rebind-api.test': (call) => (call === 0 ? STAND_IN : '127.0.0.1'),
    });
    app = await appWith(
      {
        HOPLENS_ALLOW_NETWORKS: `${STAND_IN}/32`,
        HOPLENS_RATE_LIMIT_PER_MINUTE: '100000',
        HOPLENS_RATE_LIMIT_PER_DAY: '100000',
      },
      { analyzer: new Analyzer({ resolver }) },
    );
    closers.push(() => app.close());
  });

  it('reaches the stand-in (the setup works)', async () => {
    // robots=false: the tripwire counts the chain's connections; a robots.txt read would be one more to the stand-in.
    const response = await app.inject({ url: analyzePath({ url: `http://start.test:${port}/`, robots: 'false' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().summary.finalStatus).toBe(200);
    expect(tripwire.attempts.map((attempt) => attempt.address)).toEqual([STAND_IN]);
  });

  it.each(MID_CHAIN.map((entry, index) => [entry.location, index, entry] as const))(
    'Location %s: no connection past the first hop',
    async (_location, index, entry) => {
      const before = standIn.requests.length;
      // robots=false: the stand-in's requests are the chain's (a robots.txt read goes to the allowed stand-in too).
      const path = analyzePath({ url: `http://start.test:${port}/mid/${index}`, robots: 'false' });
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        chain: Array<{ url: string; status: number }>;
        summary: { issues: Array<{ type: string; hop?: number }> };
      };
      if (entry.followsTo !== undefined) {
        expect(body.chain.map((hop) => [hop.url, hop.status])).toEqual([
          [`http://start.test:${port}/mid/${index}`, 302],
          [`http://start.test:${port}${entry.followsTo}`, 200],
        ]);
        expect(standIn.requests.slice(before)).toEqual([`/mid/${index}`, entry.followsTo]);
      } else {
        expect(body.chain.map((hop) => hop.status)).toEqual([302]);
        expect(body.summary.issues).toContainEqual(expect.objectContaining({ type: entry.issue, hop: 0 }));
        expect(standIn.requests.length - before).toBe(1);
      }
      expect(trapHits()).toBe(0);
      expect(tripwire.attempts.filter((attempt) => attempt.address !== STAND_IN)).toEqual([]);
    },
  );

  it.each(['mixed.test', 'mixed-reversed.test', 'mixed-v6.test'])(
    'refuses %s (a public and a private answer) with no connection at all',
    async (name) => {
      const before = standIn.connections();
      const response = await app.inject({ url: analyzePath({ url: `http://${name}:${port}/` }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BLOCKED_DESTINATION');
      expect(standIn.connections()).toBe(before);
      expect(trapHits()).toBe(0);
      expect(tripwire.attempts).toEqual([]);
    },
  );

  it('holds a rebinding name mid-chain to its first address: loopback is never looked up nor reached', async () => {
    const response = await app.inject({ url: analyzePath({ url: `http://rebind.test:${port}/rebind` }) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // One address per name for the whole analysis (SECURITY.md): the second hop goes where the first one did.
    expect(body.chain.map((hop: { status: number; remoteAddress: string }) => [hop.status, hop.remoteAddress])).toEqual(
      [
        [302, STAND_IN],
        [200, STAND_IN],
      ],
    );
    // The hops looked the name up once; robots.txt, read once per origin for every analysis alike, looks it up on a
    // connection of its own (SECURITY.md) and is refused like any loopback answer.
    expect(resolver.calls.filter((name) => name === 'rebind.test').length).toBeLessThanOrEqual(2);
    expect(trapHits()).toBe(0);
    expect(new Set(tripwire.attempts.map((attempt) => attempt.address))).toEqual(new Set([STAND_IN]));
  });

  it('stops a rebinding name across requests: allowed once, refused once it points at loopback', async () => {
    const url = analyzePath({ url: `http://rebind-api.test:${port}/` });
    expect((await app.inject({ url })).statusCode).toBe(200);
    const second = await app.inject({ url });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('BLOCKED_DESTINATION');
    expect(trapHits()).toBe(0);
    expect(tripwire.attempts.map((attempt) => attempt.address)).toEqual([STAND_IN]);
  });
});

describe('public addresses are allowed (classified, never connected to)', () => {
  const policy = new AddressPolicy({ blockPrivate: true, allowNetworks: [] });
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    PUBLIC,
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '168.63.129.15',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.1',
    '192.167.255.255',
    '192.169.0.1',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '[2a00:1450:4001::200e]',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('%s', (ip) => {
    expect(classifyAddress(ip).allowed).toBe(true);
    expect(policy.check(ip).allowed).toBe(true);
    expect(tripwire.attempts).toEqual([]);
  });
});

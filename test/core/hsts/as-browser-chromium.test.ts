/**
 * `asBrowser` against Chromium itself (issue 46): each chain of test/core/helpers/hsts-site.ts is navigated by real
 * Chromium (Debian's /usr/bin/chromium, test/core/helpers/chromium-hsts.ts) and analysed by hoplens with `asBrowser`;
 * the hops, as (URL, status, Non-Authoritative-Reason), and the requests that reached the site must be the same.
 *
 * The authority both follow:
 * - RFC 6797 §8.3, "URI Loading and Port Mapping": a plain-HTTP URI of a Known HSTS Host (a congruent match, or a
 *   superdomain match whose policy has includeSubDomains, §8.2) is rewritten to https before any request; port 80
 *   becomes 443 and any other explicit port is kept, so `http://host:PORT/` becomes `https://host:PORT/`. §8.1: only
 *   the first STS field of a response over a secure transport "with no underlying secure transport errors or warnings"
 *   is noted, a non-conforming one is ignored, one over plain HTTP is ignored (§8.1, and §7.2 tells servers not to
 *   send it); max-age=0 forgets the host (§6.1.1). HSTS applies to names, never to IP literals (§8.1.1, §8.3).
 * - The Fetch standard, main fetch: a request whose current URL is `http` and whose host is a domain that is a Known
 *   HSTS Host (RFC 6797 §8.2) has its scheme set to `https` before it is sent.
 * - Chromium's behaviour (net/, URLRequestHttpJob): the upgrade is an internal redirect shown as a `307 Internal
 *   Redirect` with `Location` and `Non-Authoritative-Reason: HSTS` (DevTools' Network panel, CDP's
 *   `Network.requestWillBeSent` redirectResponse, and Playwright's redirect chain read here); a header from a
 *   connection with a certificate error is not noted, even when the error is let through.
 *
 * Fixed cases cover each rule once; fast-check generates more chains from a seed (names a, x.a, b and an IP literal,
 * http and https, every redirect status, valid, zeroing and invalid STS fields, one or two visits sharing a store, a
 * certificate that passes or fails). test/core/hsts/chromium-corpus.json keeps the disagreements found, made minimal,
 * replayed here. Chromium's HSTS state is per browser context (an off-the-record profile each): every case gets a
 * fresh context, as hoplens gets a fresh `HstsStore`, and the names are the same in every case (a test below checks
 * that a context learns nothing from another). Everything is on loopback: Chromium resolves nothing else, and this
 * process is under the tripwire.
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, HstsStore } from '../../../src/index.js';
import { installTripwire } from '../../helpers/net-tripwire.js';
import { tableResolver } from '../../helpers/resolvers.js';
import { createTestPki, type TestPki } from '../../helpers/tls-certificates.js';
import { LOOPBACK } from '../helpers/analysis.js';
import { CHROMIUM, HstsBrowser } from '../helpers/chromium-hsts.js';
import { type HstsCase, HstsSite, LABELS, NAMES, type ShownHop, type Step, ZONE } from '../helpers/hsts-site.js';

installTripwire();

const present = existsSync(CHROMIUM);
if (!present) console.log(`skipped the HSTS oracle: ${CHROMIUM} is not installed (Debian package chromium)`);

const SEED = 4646;
const RUNS = 15;
const CORPUS: Array<HstsCase & { found: string; then: string }> = JSON.parse(
  readFileSync(new URL('./chromium-corpus.json', import.meta.url), 'utf8'),
);

const YEAR = 'max-age=31536000';
const s = (scheme: Step['scheme'], host: Step['host'], status: Step['status'], sts?: string): Step =>
  sts === undefined ? { scheme, host, status } : { scheme, host, status, sts };
const trusted = (name: string, ...visits: Step[][]): HstsCase => ({ name, certificate: 'trusted', visits });

/** One case per rule, in the words of the RFC section it follows. */
const FIXED: readonly HstsCase[] = [
  trusted('a later http:// hop to the host is upgraded, same port (§8.3)', [
    s('http', 'a', 301),
    s('https', 'a', 301, YEAR),
    s('http', 'a', 301),
    s('https', 'a', 200),
  ]),
  trusted('only the host that sent it is upgraded, across hosts', [
    s('http', 'a', 302),
    s('https', 'a', 302, YEAR),
    s('http', 'b', 301),
    s('https', 'b', 308, 'max-age=600'),
    s('http', 'a', 307),
    s('http', 'b', 200),
  ]),
  trusted('includeSubDomains upgrades a subdomain (§8.2 superdomain match)', [
    s('https', 'a', 301, `${YEAR}; includeSubDomains`),
    s('http', 'x.a', 200),
  ]),
  trusted('without includeSubDomains a subdomain is not upgraded', [s('https', 'a', 301, YEAR), s('http', 'x.a', 200)]),
  trusted("a subdomain's includeSubDomains does not cover its parent", [
    s('https', 'x.a', 301, `${YEAR}; includeSubDomains`),
    s('http', 'a', 301),
    s('http', 'x.a', 200),
  ]),
  trusted('max-age=0 makes the host forgotten (§6.1.1)', [
    s('https', 'a', 301, YEAR),
    s('https', 'a', 301, 'max-age=0'),
    s('http', 'a', 200),
  ]),
  trusted('a header over plain http is ignored (§8.1)', [s('http', 'a', 301, YEAR), s('http', 'a', 200)]),
  trusted('an invalid header is ignored (§8.1): no max-age, a repeated directive, a non-numeric age', [
    s('https', 'a', 301, 'includeSubDomains'),
    s('http', 'a', 301),
    s('https', 'a', 301, 'max-age=600; max-age=600'),
    s('http', 'a', 301),
    s('https', 'a', 301, 'max-age=six'),
    s('http', 'a', 200),
  ]),
  trusted('an IP literal is never a Known HSTS Host (§8.1.1)', [s('https', 'ip', 301, YEAR), s('http', 'ip', 200)]),
  trusted(
    'a host learned in an earlier visit is upgraded at the first hop of a later one (a check run)',
    [s('https', 'a', 200, YEAR)],
    [s('http', 'a', 302), s('http', 'b', 200)],
  ),
];

const STS_FIELDS = [
  'max-age=600',
  `${YEAR}; includeSubDomains`,
  'max-age=0',
  'max-age=600; max-age=600',
  'max-age="600"',
  'includeSubDomains',
  'max-age=-1',
];
const step = (status: fc.Arbitrary<Step['status']>) =>
  fc
    .record({
      scheme: fc.constantFrom<Step['scheme']>('http', 'https'),
      host: fc.constantFrom(...LABELS),
      status,
      sts: fc.option(fc.constantFrom(...STS_FIELDS), { nil: undefined, freq: 2 }),
    })
    .map(({ sts, ...rest }) => (sts === undefined ? rest : { ...rest, sts }));
const chain = fc
  .tuple(fc.array(step(fc.constantFrom(301, 302, 307, 308)), { maxLength: 4 }), step(fc.constant(200)))
  .map(([redirects, page]) => [...redirects, page]);
const generatedCase: fc.Arbitrary<HstsCase> = fc.record({
  name: fc.constant('generated'),
  certificate: fc.constantFrom<HstsCase['certificate']>('trusted', 'trusted', 'trusted', 'failing'),
  visits: fc.array(chain, { minLength: 1, maxLength: 2 }),
});

let pki: TestPki;
let site: HstsSite;
let chromium: HstsBrowser;
let analyzer: Analyzer;

/** What Chromium and hoplens did with a case: each visit's hops, and the requests that reached the site. */
interface Seen {
  chains: ShownHop[][];
  requests: string[];
}

async function hoplensSaw(hstsCase: HstsCase, starts: string[], prefix: string): Promise<Seen> {
  const hstsStore = new HstsStore();
  const tls = hstsCase.certificate === 'trusted' ? 'verify' : 'report';
  const chains: ShownHop[][] = [];
  for (const start of starts) {
    const result = await analyzer.analyze(start, { ...LOOPBACK, asBrowser: true, hstsStore, tls, maxHops: 20 });
    chains.push(
      result.chain.map((hop) => {
        const reason = hop.headers['non-authoritative-reason'];
        return { url: hop.url, status: hop.status, ...(reason === undefined ? {} : { reason }) };
      }),
    );
  }
  return { chains, requests: site.takeRequests(prefix) };
}

/** Both sides of a case, Chromium first; the site's requests are read after each. */
async function bothSaw(hstsCase: HstsCase): Promise<{ prefix: string; chromium: Seen; hoplens: Seen }> {
  const { prefix, starts } = site.setUp(hstsCase);
  const chains = await chromium.chains(starts, hstsCase.certificate === 'failing');
  const seenByChromium = { chains, requests: site.takeRequests(prefix) };
  return { prefix, chromium: seenByChromium, hoplens: await hoplensSaw(hstsCase, starts, prefix) };
}

async function expectAgreement(hstsCase: HstsCase): Promise<void> {
  const seen = await bothSaw(hstsCase);
  expect(seen.hoplens, `${hstsCase.name}: ${JSON.stringify(hstsCase)}`).toEqual(seen.chromium);
}

describe.skipIf(!present && process.env.CI !== 'true')('asBrowser against Chromium', () => {
  beforeAll(async () => {
    pki = createTestPki(ZONE, [`*.${ZONE}`, `*.a.${ZONE}`]);
    site = await HstsSite.start(pki);
    analyzer = new Analyzer({
      resolver: tableResolver(Object.fromEntries(NAMES.map((name) => [name, '127.0.0.1']))),
      ca: pki.ca,
    });
    chromium = await HstsBrowser.launch(pki.valid.cert, ZONE);
  }, 30_000);

  afterAll(async () => {
    const profile = chromium?.profileDir;
    await Promise.all([chromium?.close(), analyzer?.close(), site?.close()]);
    // The launch's fresh profile went with the browser.
    if (profile !== undefined) expect(existsSync(profile)).toBe(false);
  });

  it('runs on a fresh profile, and a context learns no HSTS host from another', async () => {
    expect(chromium.profileDir).toMatch(/\S/);
    const { starts } = site.setUp(trusted('learn', [s('https', 'a', 200, YEAR)], [s('http', 'a', 200)]));
    const [learned] = await chromium.chains([starts[0]!], false);
    const [other] = await chromium.chains([starts[1]!], false);
    expect(learned).toEqual([{ url: starts[0], status: 200 }]);
    expect(other).toEqual([{ url: starts[1], status: 200 }]);
  });

  it('Chromium upgrades internally, on the same port, with a 307 and Non-Authoritative-Reason: HSTS', async () => {
    const { prefix, chromium: seen, hoplens } = await bothSaw(FIXED[0]!);
    const origin = new URL(seen.chains[0]![0]!.url).host;
    expect(seen.chains[0]!.slice(2, 4)).toEqual([
      { url: `http://${origin}${prefix}0-2`, status: 307, reason: 'HSTS' },
      { url: `https://${origin}${prefix}0-2`, status: 301 },
    ]);
    // The upgraded request never reached the site: its https twin did.
    expect(seen.requests.map((request) => request.split(' ')[0])).toEqual(['http', 'https', 'https', 'https']);
    expect(hoplens).toEqual(seen);
  });

  it.each(FIXED.map((hstsCase) => [hstsCase.name, hstsCase] as const))('agrees: %s', async (_name, hstsCase) => {
    await expectAgreement(hstsCase);
  });

  it.each(CORPUS.map((entry) => [entry.name, entry] as const))('agrees (corpus): %s', async (_name, entry) => {
    await expectAgreement(entry);
  });

  it(`agrees on ${RUNS} generated cases (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(generatedCase, async (hstsCase) => {
        await expectAgreement(hstsCase);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});

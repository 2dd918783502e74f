/** Option validation: defaults, accepted spellings, and the exact edges of every range. */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../src/core/index.js';
import { Analyzer, analyze, DEFAULTS, HoplensError, LIMITS, normalizeOptions } from '../../src/index.js';
import { startRedirectServer } from '../helpers/servers.js';
import { USER_AGENT_CASES } from '../helpers/user-agent-cases.js';
import { LOOPBACK } from './helpers/analysis.js';

function optionError(run: () => unknown): HoplensError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HoplensError);
    expect((error as HoplensError).code).toBe('INVALID_OPTION');
    return error as HoplensError;
  }
  throw new Error('expected INVALID_OPTION');
}

describe('normalizeOptions', () => {
  it('fills in every default', () => {
    expect(normalizeOptions()).toEqual({
      maxHops: 10,
      timeout: 10_000,
      userAgent: 'hoplens/1.0',
      method: 'GET',
      cookies: false,
      headers: 'default',
      blockPrivate: true,
      allowNetworks: [],
      clientRedirects: 'follow',
      render: false,
      renderWait: 3000,
      tls: 'verify',
      http2: true,
      robots: true,
      crawler: 'Googlebot',
      policy: NO_POLICY,
      requestHeaders: {},
      requestCookie: '',
      explicitPort: false,
      asBrowser: false,
    });
    expect(normalizeOptions({ explicitPort: true }).explicitPort).toBe(true);
    expect(optionError(() => normalizeOptions({ explicitPort: 'yes' as unknown as boolean })).details.option).toBe(
      'explicitPort',
    );
    expect(DEFAULTS).toMatchObject({ maxHops: 10, timeout: 10_000, userAgent: 'hoplens/1.0' });
  });

  it('accepts method and headers in any letter case, and parses networks', () => {
    const options = normalizeOptions({
      method: 'head' as 'HEAD',
      headers: 'ALL' as 'all',
      allowNetworks: ['10.0.0.1/8'],
    });
    expect(options).toMatchObject({ method: 'HEAD', headers: 'all' });
    expect(options.allowNetworks.map((net) => net.text)).toEqual(['10.0.0.0/8']);
  });

  it('takes http2 as a boolean only', () => {
    expect(normalizeOptions({ http2: false }).http2).toBe(false);
    expect(optionError(() => normalizeOptions({ http2: 'no' as never })).details.option).toBe('http2');
  });

  it('refuses a non-object, naming "options"', () => {
    expect(optionError(() => normalizeOptions(null as never)).details.option).toBe('options');
    expect(optionError(() => normalizeOptions('fast' as never)).details.option).toBe('options');
  });

  it.each([
    ['maxHops', LIMITS.maxHops],
    ['timeout', LIMITS.timeout],
  ] as const)('accepts %s exactly on its integer range', (option, { min, max }) => {
    fc.assert(
      fc.property(fc.integer({ min: min - 1_000, max: max + 1_000 }), (value) => {
        if (value >= min && value <= max) {
          expect(normalizeOptions({ [option]: value })[option]).toBe(value);
        } else {
          expect(optionError(() => normalizeOptions({ [option]: value })).details.option).toBe(option);
        }
      }),
    );
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (value) => {
        expect(optionError(() => normalizeOptions({ [option]: value })).details.option).toBe(option);
      }),
    );
  });

  it('accepts any printable latin1 User-Agent up to the length limit', () => {
    const printable = fc
      .string({
        unit: fc
          .integer({ min: 0x20, max: 0xff })
          .filter((code) => code < 0x7f || code > 0x9f)
          .map((code) => String.fromCharCode(code)),
        minLength: 1,
        maxLength: LIMITS.userAgentLength,
      })
      .filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(printable, (userAgent) => {
        expect(normalizeOptions({ userAgent }).userAgent).toBe(userAgent);
      }),
    );
  });

  // The same cases as the API's (test/service/validation.test.ts): one rule, decided here.
  it.each(USER_AGENT_CASES)('userAgent: $name is accepted exactly when the API accepts it', (agent) => {
    if (agent.accepted) expect(normalizeOptions({ userAgent: agent.value }).userAgent).toBe(agent.value);
    else expect(optionError(() => normalizeOptions({ userAgent: agent.value })).details.option).toBe('userAgent');
  });

  it('refuses a User-Agent with any control character but tab', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09),
        fc.string({ maxLength: 10 }),
        (code, rest) => {
          const userAgent = `agent${String.fromCharCode(code)}${rest}`;
          expect(optionError(() => normalizeOptions({ userAgent })).details.option).toBe('userAgent');
        },
      ),
    );
    expect(normalizeOptions({ userAgent: 'a\tb' }).userAgent).toBe('a\tb');
  });
});

describe('analyze', () => {
  const started = startRedirectServer({ '/': { status: 301, location: '/end' }, '/end': { status: 200 } });
  afterAll(async () => (await started).close());

  it('is callable without creating an Analyzer', async () => {
    const server = await started;
    const result = await analyze(`${server.origin}/`, LOOPBACK);
    expect(result.summary).toMatchObject({ totalHops: 2, finalStatus: 200 });
  });
});

describe('unknown option keys (issue 44)', () => {
  it('refuses a typo naming the key and the nearest known one, before any request', async () => {
    // A typo was silently ignored: maxHop: 1 ran with the default of 10 hops.
    const typo = { maxHop: 1 } as unknown as Parameters<typeof analyze>[1];
    await expect(analyze('http://127.0.0.1:9/', typo)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { option: 'maxHop', requirement: 'is not an option (did you mean maxHops?)' },
    });
    const error = optionError(() => normalizeOptions({ timout: 5 } as unknown as Parameters<typeof analyze>[1]));
    expect(error.message).toBe('Invalid option "timout": is not an option (did you mean timeout?)');
    // A key far from every option is named without a guess; one set to undefined asks for nothing.
    expect(optionError(() => normalizeOptions({ colour: 'red' } as never)).message).toBe(
      'Invalid option "colour": is not an option',
    );
    expect(normalizeOptions({ maxHop: undefined } as never).maxHops).toBe(10);
  });

  it("refuses the Analyzer's unknown settings too: allowNetworks belongs to each analysis's options", () => {
    const error = optionError(() => new Analyzer({ allowNetworks: ['10.0.0.0/8'] } as never));
    expect(error.details).toMatchObject({ option: 'allowNetworks' });
    expect(optionError(() => new Analyzer({ keepAliveTimout: 5 } as never)).message).toContain(
      'did you mean keepAliveTimeout?',
    );
  });
});

describe('Analyzer.withOptions', () => {
  const analyzer = new Analyzer();
  afterAll(() => analyzer.close());

  it('validates the options once, then analyses each URL under them', async () => {
    await expect(analyzer.withOptions({ ...LOOPBACK, maxHops: 0 })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { option: 'maxHops' },
    });
    const server = await startRedirectServer({
      '/c': { status: 301, location: '/a' },
      '/a': { status: 302, location: '/b' },
      '/b': { status: 200, body: 'ok' },
    });
    try {
      // A policy file's contents are compiled once too: the temporary redirect is silenced for every URL.
      const run = await analyzer.withOptions({
        ...LOOPBACK,
        maxHops: 2,
        policy: { severity: { temporary_redirect: 'off' } },
      });
      const followed = await run(`${server.origin}/a`);
      expect(followed.chain.map((hop) => hop.status)).toEqual([302, 200]);
      expect(followed.summary.issues.map((issue) => issue.type)).not.toContain('temporary_redirect');
      // maxHops: 2 holds for the next URL as well.
      const other = await run(`${server.origin}/c`);
      expect(other.chain.map((hop) => hop.status)).toEqual([301, 302]);
      expect(other.summary.issues.map((issue) => issue.type)).toContain('max_hops_reached');
      await expect(run('not a url')).rejects.toMatchObject({ code: 'INVALID_URL' });
    } finally {
      await server.close();
    }
  });
});

describe('normalizeOptions reuses what it parsed', () => {
  it('parses a list of networks once, and a different list on its own', () => {
    const first = normalizeOptions({ allowNetworks: ['10.0.0.0/8', '::1/128'] }).allowNetworks;
    const again = normalizeOptions({ allowNetworks: ['10.0.0.0/8', '::1/128'] }).allowNetworks;
    const other = normalizeOptions({ allowNetworks: ['10.0.0.0/8'] }).allowNetworks;
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(other).not.toBe(first);
    expect(other.map((net) => net.text)).toEqual(['10.0.0.0/8']);
    // A bad entry is still refused, even beside one parsed before.
    expect(() => normalizeOptions({ allowNetworks: ['10.0.0.0/8', 'nope'] })).toThrow(HoplensError);
  });
});

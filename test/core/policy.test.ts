/** A policy (hoplens.config.json's contents) applied to findings: severity overrides, allowed redirects, thresholds. */
import { describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer, compilePolicy, HoplensError } from '../../src/index.js';
import { parsePolicy } from '../../src/policy.js';
import { startRedirectServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);

const TEXT = { 'content-type': 'text/plain' };

/** `/a` 302 → `/b` 301 → `/c` 200: a two-redirect chain with a temporary redirect in it. */
function site() {
  return startRedirectServer({
    '/a': { status: 302, location: '/b' },
    '/b': { status: 301, location: '/c' },
    '/c': { status: 200, headers: TEXT, body: 'ok' },
  });
}

/** The findings about the chain's redirects (a loopback server is plain http, which not_https also notes). */
const findings = (result: AnalysisResult) =>
  result.summary.issues
    .filter((issue) => issue.type === 'redirect_chain' || issue.type === 'temporary_redirect')
    .map((issue) => [issue.type, issue.severity]);

function requirement(value: unknown): string {
  try {
    parsePolicy(value);
  } catch (error) {
    expect(error).toBeInstanceOf(HoplensError);
    expect((error as HoplensError).code).toBe('INVALID_OPTION');
    expect((error as HoplensError).details.option).toBe('policy');
    return (error as HoplensError).details.requirement ?? '';
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`);
}

describe('a policy file', () => {
  it('silences an issue type set to off and escalates one set to error', async () => {
    const server = await track(site());
    const plain = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(findings(plain)).toEqual([
      ['redirect_chain', 'warning'],
      ['temporary_redirect', 'warning'],
    ]);
    const policy = { severity: { temporary_redirect: 'off', redirect_chain: 'error' } } as const;
    const judged = await analyzer.analyze(`${server.origin}/a`, { ...LOOPBACK, policy });
    expect(findings(judged)).toEqual([['redirect_chain', 'error']]);
  });

  it('drops a finding on a hop an allow rule matches, by its from and to patterns (WHATWG URLPattern)', async () => {
    const server = await track(site());
    const origin = server.origin;
    const allow = (rule: Record<string, unknown>) => ({ ...LOOPBACK, policy: { allow: [rule] } });
    // temporary_redirect is on hop 0 (/a → /b); redirect_chain concerns the whole chain (/a … /c).
    const onHop = await analyzer.analyze(`${origin}/a`, allow({ from: `${origin}/a`, to: `${origin}/b` }));
    expect(findings(onHop)).toEqual([['redirect_chain', 'warning']]);
    const wholeChain = await analyzer.analyze(`${origin}/a`, allow({ from: `${origin}/*`, to: `${origin}/c` }));
    expect(findings(wholeChain)).toEqual([['temporary_redirect', 'warning']]);
    const onlyType = await analyzer.analyze(`${origin}/a`, allow({ issues: ['temporary_redirect'] }));
    expect(findings(onlyType)).toEqual([['redirect_chain', 'warning']]);
    const elsewhere = await analyzer.analyze(`${origin}/a`, allow({ from: 'https://other.example/*' }));
    expect(findings(elsewhere)).toHaveLength(2);
  });

  it('is compiled by analyze(), which loads the validator; prepare() takes it compiled', async () => {
    const file = { thresholds: { chainWarning: 3 } };
    expect(() => analyzer.prepare('http://127.0.0.1/', { ...LOOPBACK, policy: file })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', details: expect.objectContaining({ option: 'policy' }) }),
    );
    const compiled = await compilePolicy(file);
    expect(compiled.thresholds.chainWarning).toBe(3);
    expect(await compilePolicy(compiled)).toBe(compiled);
    const prepared = analyzer.prepare('http://127.0.0.1/', { ...LOOPBACK, policy: compiled });
    expect(prepared.options.policy).toBe(compiled);
    await expect(compilePolicy({ thresholds: { chainWarning: 0 } })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { requirement: 'thresholds.chainWarning: must be >= 1' },
    });
  });

  it('is validated once: a compiled policy is used as it is', () => {
    const compiled = parsePolicy({ thresholds: { chainWarning: 3 } });
    expect(parsePolicy(compiled)).toBe(compiled);
    expect(compiled.thresholds).toMatchObject({ chainWarning: 3, chainError: 5, collapseThreshold: 10 });
  });

  it('is refused naming the key and the rule it breaks', () => {
    expect(requirement({ severity: { temporary_redirect: 'warn' } })).toBe(
      'severity.temporary_redirect: must be one of error, warning, info, off',
    );
    expect(requirement({ severity: { no_such_issue: 'off' } })).toBe('severity.no_such_issue: is not a known key');
    expect(requirement({ thresholds: { chainWarning: 0 } })).toBe('thresholds.chainWarning: must be >= 1');
    expect(requirement({ thresholds: { chainWarning: 6 } })).toMatch(/^thresholds\.chainError: must be at least/);
    expect(requirement({ allow: [{ from: 7 }] })).toBe('allow[0].from: must be a string');
    expect(requirement({ allow: [{ from: 'https://exa[mple.com/*' }] })).toMatch(
      /^allow\[0\]\.from: must be a URL pattern/,
    );
    expect(requirement({ colour: 'red' })).toBe('colour: is not a known key');
    expect(requirement([])).toBe('(top level): must be an object');
  });

  it('is refused by analyze() too, before any request', async () => {
    const server = await track(site());
    await expect(analyzer.analyze(`${server.origin}/a`, { ...LOOPBACK, policy: { bad: 1 } as never })).rejects.toThrow(
      /policy.*bad: is not a known key/,
    );
    expect(server.requests).toEqual([]);
  });
});

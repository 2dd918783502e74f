import { describe, expect, it } from 'vitest';
import { type ExpectationSettings, evaluate, sameUrl } from '../../src/check/expectation.js';
import type { Attempt } from '../../src/check/result.js';
import { detectIssues } from '../../src/core/detectors/index.js';
import { HoplensError } from '../../src/core/errors.js';
import { countRedirects } from '../../src/core/portable/redirect-count.js';
import type { AnalysisResult, Hop, Issue } from '../../src/core/types.js';
import type { CheckRow } from '../../src/inputs/index.js';

const loose: ExpectationSettings = { ignoreTrailingSlash: false, ignoreQuery: false, strict: false };

function hop(url: string, status: number, location?: string): Hop {
  const result: Hop = { url, status, statusText: '', responseTime: 5, headers: location ? { location } : {} };
  if (location !== undefined) {
    result.redirectType = status === 301 || status === 308 ? 'permanent' : 'temporary';
    result.redirectVia = 'http';
  }
  return result;
}

function analysis(chain: Hop[], issues: Issue[] = []): AnalysisResult {
  const last = chain[chain.length - 1]!;
  return {
    success: true,
    url: chain[0]!.url,
    chain,
    summary: {
      totalHops: chain.length,
      finalUrl: last.url,
      finalStatus: last.status,
      totalTime: chain.length * 5,
      hasLoop: false,
      issues,
    },
  };
}

const attempt = (row: Partial<CheckRow>, result: AnalysisResult): Attempt => ({
  row: { line: 7, source: 'http://old.test/a', ...row },
  result,
  attempts: 1,
  elapsed: 12,
});

const redirected = analysis([hop('http://old.test/a', 301, '/b'), hop('http://new.test/b', 200)]);

describe('comparableUrl / sameUrl', () => {
  it('normalises scheme and host case and default ports', () => {
    expect(sameUrl('HTTP://Example.COM:80/Path', 'http://example.com/Path', loose)).toBe(true);
    expect(sameUrl('https://example.com:443/', 'https://EXAMPLE.com', loose)).toBe(true);
    expect(sameUrl('http://example.com:8080/', 'http://example.com/', loose)).toBe(false);
    // Path case is significant.
    expect(sameUrl('http://example.com/Path', 'http://example.com/path', loose)).toBe(false);
  });

  it('normalises percent-escapes and ignores fragments', () => {
    expect(sameUrl('http://a.test/x#top', 'http://a.test/x', loose)).toBe(true);
  });

  it('honours --ignore-trailing-slash and --ignore-query, and only with them', () => {
    expect(sameUrl('http://a.test/x/', 'http://a.test/x', loose)).toBe(false);
    expect(sameUrl('http://a.test/x/', 'http://a.test/x', { ...loose, ignoreTrailingSlash: true })).toBe(true);
    expect(sameUrl('http://a.test/x?utm=1', 'http://a.test/x', loose)).toBe(false);
    expect(sameUrl('http://a.test/x?utm=1', 'http://a.test/x', { ...loose, ignoreQuery: true })).toBe(true);
  });
});

describe('evaluate', () => {
  it('passes a row whose final URL and first status match', () => {
    const result = evaluate(attempt({ target: 'http://NEW.test:80/b', status: 301 }, redirected), loose);
    expect(result).toMatchObject({
      outcome: 'passed',
      reasons: [],
      line: 7,
      firstStatus: 301,
      finalStatus: 200,
      finalUrl: 'http://new.test/b',
      hops: 2,
      redirects: 1,
      time: 10,
    });
  });

  it('fails on a different final URL or first status, with both reasons', () => {
    const result = evaluate(attempt({ target: 'http://new.test/c', status: 308 }, redirected), loose);
    expect(result.outcome).toBe('failed');
    expect(result.reasons).toEqual([
      'final URL is http://new.test/b, expected http://new.test/c',
      'first hop returned 301, expected 308',
    ]);
  });

  it('fails on more redirects than --max-redirects', () => {
    expect(evaluate(attempt({}, redirected), { ...loose, maxRedirects: 0 }).reasons).toEqual([
      '1 redirect, more than --max-redirects 0',
    ]);
    expect(evaluate(attempt({}, redirected), { ...loose, maxRedirects: 1 }).outcome).toBe('passed');
  });

  it('fails on error findings; warnings fail only with --strict', () => {
    const warning: Issue = { type: 'temporary_redirect', severity: 'warning', message: 'Hop 1 is temporary', help: '' };
    const error: Issue = { type: 'https_downgrade', severity: 'error', message: 'Downgrade', help: '' };
    const warned = analysis(redirected.chain, [warning]);
    expect(evaluate(attempt({}, warned), loose)).toMatchObject({ outcome: 'passed', warnings: [expect.any(String)] });
    expect(evaluate(attempt({}, warned), { ...loose, strict: true })).toMatchObject({
      outcome: 'failed',
      reasons: ['warning: Hop 1 is temporary [temporary_redirect]'],
    });
    expect(evaluate(attempt({}, analysis(redirected.chain, [error])), loose).reasons).toEqual([
      'Downgrade [https_downgrade]',
    ]);
  });

  describe('a row that expects a temporary status', () => {
    // The issue as the core builds it for the whole chain, so that the row's judgement starts from the real thing.
    const withCoreIssues = (chain: Hop[]) => {
      const issues = detectIssues({ chain, stop: { kind: 'complete' } });
      return analysis(chain, issues);
    };

    it('gets no temporary_redirect warning for the first hop it asked for', () => {
      const result = withCoreIssues([
        hop('http://old.test/a', 302, 'http://new.test/b'),
        hop('http://new.test/b', 200),
      ]);
      expect(result.summary.issues.map((issue) => issue.type)).toContain('temporary_redirect');
      const judged = evaluate(attempt({ status: 302, target: 'http://new.test/b' }, result), {
        ...loose,
        strict: true,
      });
      expect(judged).toMatchObject({ outcome: 'passed', warnings: [], reasons: [] });
      expect(judged.issues!.map((issue) => issue.type)).not.toContain('temporary_redirect');
    });

    it('is still warned about the other temporary hops, and only those', () => {
      const result = withCoreIssues([
        hop('http://old.test/a', 302, 'http://old.test/b'),
        hop('http://old.test/b', 307, 'http://new.test/c'),
        hop('http://new.test/c', 200),
      ]);
      const judged = evaluate(attempt({ status: 302 }, result), loose);
      expect(judged.warnings).toContain(
        'Hop 2 is a temporary redirect (307); use 301 or 308 if the move is permanent [temporary_redirect]',
      );
      expect(judged.issues!.find((issue) => issue.type === 'temporary_redirect')).toMatchObject({ hop: 1 });
    });

    it('keeps the warning when the row expected another status, or none', () => {
      const result = withCoreIssues([
        hop('http://old.test/a', 302, 'http://new.test/b'),
        hop('http://new.test/b', 200),
      ]);
      for (const row of [{ status: 301 }, {}]) {
        expect(evaluate(attempt(row, result), loose).warnings).toEqual([
          'Hop 1 is a temporary redirect (302); use 301 or 308 if the move is permanent [temporary_redirect]',
        ]);
      }
    });
  });

  it('counts redirects as the core does: every redirect answered, a redirect status without Location not', () => {
    // A loop back to the start: two redirects, the second not followed.
    const looped = analysis([hop('http://old.test/a', 301, 'http://old.test/b'), hop('http://old.test/b', 301, '/a')]);
    expect(evaluate(attempt({}, looped), loose).redirects).toBe(2);
    const noLocation: Hop = { ...hop('http://old.test/b', 302), redirectType: 'temporary', redirectVia: 'http' };
    const missing = analysis([hop('http://old.test/a', 301, 'http://old.test/b'), noLocation]);
    expect(evaluate(attempt({}, missing), loose).redirects).toBe(countRedirects(missing.chain));
    expect(evaluate(attempt({}, missing), loose).redirects).toBe(1);
  });

  it('requires a 2xx end for a row without expectations (a list row)', () => {
    const notModified = analysis([hop('http://old.test/a', 304)]);
    expect(evaluate(attempt({}, notModified), loose).reasons).toEqual(['the chain ends with 304, not 2xx']);
  });

  it('lets a row expect an error status (a page deliberately gone)', () => {
    const gone = analysis(
      [hop('http://old.test/a', 410)],
      [{ type: 'error_status', severity: 'error', message: 'The chain ends with 410', help: '' }],
    );
    expect(evaluate(attempt({ status: 410 }, gone), loose).outcome).toBe('passed');
    expect(evaluate(attempt({ status: 404 }, gone), loose).outcome).toBe('failed');
    expect(evaluate(attempt({}, gone), loose).reasons).toEqual(['The chain ends with 410 [error_status]']);
  });

  it('reports a failed analysis as errored with its code and partial chain', () => {
    const error = new HoplensError('CONNECTION_REFUSED', 'Connection refused', {
      chain: [hop('http://old.test/a', 301, 'http://down.test/')],
    });
    const result = evaluate({ row: { line: 3, source: 'http://old.test/a' }, error, attempts: 3, elapsed: 40 }, loose);
    expect(result).toMatchObject({
      outcome: 'errored',
      reasons: ['CONNECTION_REFUSED: Connection refused'],
      error: { code: 'CONNECTION_REFUSED', message: 'Connection refused' },
      hops: 1,
      firstStatus: 301,
      attempts: 3,
      time: 40,
    });
  });
});

describe('evaluate: a sitemap page (expectNoRedirect) and an unmatched sample', () => {
  it('fails a sitemap page that redirects, naming where it goes, and passes one that answers 2xx itself', () => {
    const failed = evaluate(attempt({ expectNoRedirect: true }, redirected), loose);
    expect(failed.outcome).toBe('failed');
    expect(failed.reasons).toEqual([
      'redirects (301) to http://new.test/b: expected to answer 2xx without redirecting',
    ]);
    const direct = analysis([hop('http://old.test/a', 200)]);
    expect(evaluate(attempt({ expectNoRedirect: true }, direct), loose).outcome).toBe('passed');
    // Without the expectation a redirect ending in 2xx passes, as a plain list's row does.
    expect(evaluate(attempt({}, redirected), loose).outcome).toBe('passed');
  });

  it('fails a sitemap page that answers an error, or says noindex (an error finding of the core)', () => {
    const gone = evaluate(attempt({ expectNoRedirect: true }, analysis([hop('http://old.test/a', 404)])), loose);
    expect(gone.reasons.join(' ')).toMatch(/404/);
    const chain = [hop('http://old.test/a', 200)];
    chain[0]!.headers = { 'x-robots-tag': 'noindex' };
    const issues = detectIssues({ chain, stop: { kind: 'complete' } });
    const noindex = evaluate(attempt({ expectNoRedirect: true }, analysis(chain, issues)), loose);
    expect(noindex.outcome).toBe('failed');
    expect(noindex.reasons.join(' ')).toContain('[noindex_destination]');
  });

  it('fails an unmatched sample with its reason, whatever its chain does', () => {
    const direct = analysis([hop('http://old.test/a', 200)]);
    const result = evaluate(attempt({ unmatched: 'no rule matches /a' }, direct), loose);
    expect(result.outcome).toBe('failed');
    expect(result.reasons).toEqual(['unmatched: no rule matches /a']);
  });
});

describe('a row whose render did not finish (issue 22)', () => {
  it('is errored with RENDER_INCOMPLETE, not passed, even when its chain meets every expectation', () => {
    const page = analysis([hop('http://old.test/a', 200)]);
    const finding = detectIssues({
      chain: page.chain,
      stop: { kind: 'complete' },
      renderIncomplete: { reason: 'queue', detail: 'still waiting for a slot', hop: 0 },
    }).find((issue) => issue.type === 'render_incomplete')!;
    page.summary.issues = [finding];
    page.summary.renderIncomplete = 'queue';
    const result = evaluate(attempt({ target: 'http://old.test/a' }, page), loose);
    expect(result.outcome).toBe('errored');
    expect(result.error).toEqual({ code: 'RENDER_INCOMPLETE', message: finding.message });
    expect(result.chain).toEqual(page.chain);
    // The same chain with its render finished passes.
    expect(evaluate(attempt({ target: 'http://old.test/a' }, analysis(page.chain)), loose).outcome).toBe('passed');
  });
});

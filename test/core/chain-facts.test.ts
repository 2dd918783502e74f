/**
 * The facts the detectors share (src/core/detectors/chain-facts.ts): computed once per analysis and handed to every
 * detector, and the findings the same whether a detector reads them from `detectIssues` or makes its own.
 */
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/core/html/page-signals.js';
import type { Hop } from '../../src/core/types.js';
import { ChainFacts, DETECTORS, type Detector, type DetectorInput, detectIssues, factsOf } from '../../src/index.js';

function hop(url: string, status: number, location?: string): Hop {
  return location === undefined
    ? { url, status, statusText: '', responseTime: 1, headers: {} }
    : {
        url,
        status,
        statusText: '',
        responseTime: 1,
        headers: { location },
        redirectType: 'permanent',
        redirectVia: 'http',
      };
}

// A chain that several detectors judge at once: a query dropped, a trailing slash added, a canonical naming another
// URL, and a fragment replaced.
const page = '<html lang="en"><head><link rel="canonical" href="https://example.com/elsewhere/"></head></html>';
const input: DetectorInput = {
  chain: [
    hop('http://example.com/a?utm_source=x#top', 301, 'https://example.com/a#top'),
    hop('https://example.com/a#top', 301, 'https://example.com/a/#intro'),
    hop('https://example.com/a/#intro', 200),
  ],
  stop: { kind: 'complete' },
  finalSignals: readPage(page),
};

describe('ChainFacts', () => {
  it('parses each hop URL once, and counts redirects and finds the landing page as the detectors did', () => {
    const facts = new ChainFacts(input.chain, input.stop, input.finalSignals);
    expect(facts.url(1)).toBe(facts.url(1));
    expect(facts.url(1).href).toBe('https://example.com/a#top');
    expect(facts.redirectCount).toBe(2);
    expect(facts.landing).toEqual({ hop: input.chain[2], index: 2 });
    expect(facts.canonicals).toEqual(['https://example.com/elsewhere/']);
    expect(facts.canonical).toBe('https://example.com/elsewhere/');
  });

  it('has no landing page, and so no canonical, when the chain stopped short', () => {
    const facts = new ChainFacts(input.chain, { kind: 'max_hops', hop: 2 }, input.finalSignals);
    expect(facts.landing).toBeUndefined();
    expect(facts.canonicals).toEqual([]);
  });

  it('is made once by detectIssues and handed to every detector', () => {
    const seen: ChainFacts[] = [];
    const spy: Detector = (given) => {
      seen.push(factsOf(given));
      return [];
    };
    detectIssues(input, [spy, spy, spy]);
    expect(seen[0]).toBeInstanceOf(ChainFacts);
    expect(new Set(seen).size).toBe(1);
    // Outside detectIssues each call makes its own; facts given with the input are the ones used.
    expect(factsOf(input)).not.toBe(factsOf(input));
    const mine = new ChainFacts(input.chain, input.stop, input.finalSignals);
    detectIssues({ ...input, facts: mine }, [spy]);
    expect(seen[3]).toBe(mine);
  });

  it('gives the same findings shared as each detector computing its own', () => {
    const alone = DETECTORS.flatMap((detect) => detect(input));
    const shared = detectIssues(input).map(({ help: _, ...finding }) => finding);
    expect(shared).toEqual(expect.arrayContaining(alone));
    expect(shared).toHaveLength(alone.length);
    expect(alone.map((finding) => finding.type)).toEqual(
      expect.arrayContaining(['canonical_mismatch', 'fragment_dropped', 'query_dropped', 'trailing_slash_redirect']),
    );
  });
});

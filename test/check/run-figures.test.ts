/** The run-wide aggregation of hoplens check: collapse counting, run figures, the bounded slowest-chains heap. */
import { describe, expect, it } from 'vitest';
import { CollapseCounter } from '../../src/check/collapse.js';
import { RunStatsCounter } from '../../src/check/run-stats.js';
import { SlowestChains } from '../../src/check/slowest.js';
import { rowResult } from '../helpers/row-result.js';

const SETTINGS = { ignoreTrailingSlash: false, ignoreQuery: false, strict: false };

describe('CollapseCounter', () => {
  it('reports a final URL reached by threshold rows that did not expect it, with a root called out', () => {
    const counter = new CollapseCounter(3, SETTINGS);
    for (let i = 0; i < 3; i++) {
      counter.add(rowResult({ source: `https://old.test/${i}`, finalUrl: 'https://new.test/', redirects: 1 }));
    }
    for (let i = 0; i < 2; i++) {
      counter.add(rowResult({ source: `https://old.test/p${i}`, finalUrl: 'https://new.test/page', redirects: 1 }));
    }
    expect(counter.finding('error')).toEqual({
      type: 'redirect_collapse',
      severity: 'error',
      threshold: 3,
      targets: [
        {
          finalUrl: 'https://new.test/',
          rows: 3,
          root: true,
          examples: ['https://old.test/0', 'https://old.test/1', 'https://old.test/2'],
        },
      ],
    });
  });

  it('leaves out rows that ended on a bot wall: a shared challenge page is not where they were sent', () => {
    const counter = new CollapseCounter(2, SETTINGS);
    for (let i = 0; i < 3; i++) {
      const row = { source: `https://old.test/${i}`, finalUrl: 'https://new.test/challenge', redirects: 1 };
      counter.add(rowResult({ ...row, outcome: 'inconclusive' }));
    }
    expect(counter.finding('error')).toBeUndefined();
  });

  it('keeps as examples the first lines of the input, whatever order the rows finish in', () => {
    // Rows run concurrently: the CLI's report and the page's download listed different examples for one map.
    const counter = new CollapseCounter(2, SETTINGS);
    for (const line of [9, 4, 7, 2, 8, 3]) {
      counter.add(rowResult({ line, source: `https://old.test/${line}`, finalUrl: 'https://new.test/', redirects: 1 }));
    }
    counter.addCount('https://new.test/', 2, ['https://old.test/shard-a', 'https://old.test/shard-b']);
    const examples = ['https://old.test/2', 'https://old.test/3', 'https://old.test/4'];
    expect(counter.finding('error')?.targets).toMatchObject([{ rows: 8, examples }]);
    const few = new CollapseCounter(1, SETTINGS);
    few.add(rowResult({ line: 5, source: 'https://old.test/5', finalUrl: 'https://new.test/', redirects: 1 }));
    few.addCount('https://new.test/', 1, ['https://old.test/shard']);
    few.add(rowResult({ line: 1, source: 'https://old.test/1', finalUrl: 'https://new.test/', redirects: 1 }));
    expect(few.finding('error')?.targets[0]?.examples).toEqual([
      'https://old.test/1',
      'https://old.test/5',
      'https://old.test/shard',
    ]);
  });

  it('does not count rows that expected their final URL, did not redirect, or errored', () => {
    const counter = new CollapseCounter(2, SETTINGS);
    const final = 'https://new.test/landing';
    counter.add(rowResult({ source: 'https://old.test/a', target: final, finalUrl: final, redirects: 1 }));
    counter.add(rowResult({ source: final, finalUrl: final, redirects: 0 }));
    counter.add(rowResult({ source: 'https://old.test/b', outcome: 'errored', finalUrl: final, redirects: 1 }));
    counter.add(rowResult({ source: 'https://old.test/c', finalUrl: final, redirects: 1 }));
    expect(counter.finding('error')).toBeUndefined();
    counter.add(
      rowResult({ source: 'https://old.test/d', target: 'https://new.test/d', finalUrl: final, redirects: 1 }),
    );
    expect(counter.finding('warning')?.targets).toMatchObject([{ finalUrl: final, rows: 2, root: false }]);
  });

  it('does not count a chain that ended where it began, by the escapes-aware comparison when escapes differ', () => {
    const counter = new CollapseCounter(1, SETTINGS);
    const hop = (url: string) => ({ url, status: 301, statusText: '', responseTime: 1, headers: {} });
    // Redirected back to itself (a cookie or a session set on the way): the same page, fragment aside.
    counter.add(
      rowResult({
        source: 'https://a.test/p',
        chain: [hop('https://a.test/p')],
        finalUrl: 'https://a.test/p#top',
        redirects: 1,
      }),
    );
    // %7E is ~ (RFC 3986 §6.2.2): the same page written two ways.
    counter.add(
      rowResult({
        source: 'https://a.test/~x',
        chain: [hop('https://a.test/~x')],
        finalUrl: 'https://a.test/%7Ex',
        redirects: 1,
      }),
    );
    expect(counter.finding('error')).toBeUndefined();
    counter.add(
      rowResult({
        source: 'https://a.test/q',
        chain: [hop('https://a.test/q')],
        finalUrl: 'https://a.test/Q',
        redirects: 1,
      }),
    );
    expect(counter.finding('error')?.targets).toMatchObject([{ finalUrl: 'https://a.test/Q', rows: 1 }]);
  });

  it('stays bounded when every row lands on a URL of its own, and still finds the collapse among them', () => {
    const counter = new CollapseCounter(10, SETTINGS);
    // 100,000 rows each sent to its own page (a migration done right), and every 1,000th to the home page.
    for (let i = 0; i < 100_000; i++) {
      const finalUrl = i % 1_000 === 0 ? 'https://new.test/' : `https://new.test/page/${i}`;
      counter.add(rowResult({ source: `https://old.test/${i}`, finalUrl, redirects: 1 }));
    }
    expect(counter.finding('error')?.targets).toMatchObject([{ finalUrl: 'https://new.test/', rows: 100 }]);
    // The pages reached once were let go along the way (at most 20,000 are held), which the shard's counts say.
    expect(counter.size).toBeLessThanOrEqual(20_000);
    expect(counter.allCounts('error')?.capped).toBe(true);
  });
});

describe('RunStatsCounter', () => {
  it('counts outcomes, redirects per row (5 and more together), and permanent and temporary redirects', () => {
    const counter = new RunStatsCounter();
    const hop = (redirectType?: 'permanent' | 'temporary') => ({
      url: 'https://a.test/',
      status: redirectType === undefined ? 200 : 301,
      statusText: '',
      responseTime: 1,
      headers: {},
      ...(redirectType === undefined ? {} : { redirectType }),
    });
    counter.add(rowResult({ redirects: 0, chain: [hop()] }));
    counter.add(rowResult({ redirects: 2, chain: [hop('permanent'), hop('temporary'), hop()] }));
    counter.add(rowResult({ redirects: 7, outcome: 'failed', chain: [] }));
    counter.add(rowResult({ outcome: 'errored', redirects: 0, chain: [] }));
    const stats = counter.snapshot();
    expect(stats.outcomes).toEqual({ passed: 2, failed: 1, errored: 1, inconclusive: 0 });
    expect(stats.redirects).toEqual([1, 0, 1, 0, 0, 1]);
    expect([stats.permanent, stats.temporary]).toEqual([1, 1]);
  });
});

describe('SlowestChains', () => {
  it('keeps the n slowest of any number, slowest first', () => {
    const heap = new SlowestChains(10);
    const times = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    for (const time of times) heap.add({ source: `s${time}`, time, hops: 1 });
    expect(heap.list().map((chain) => chain.time)).toEqual([999, 998, 997, 996, 995, 994, 993, 992, 991, 990]);
  });
});

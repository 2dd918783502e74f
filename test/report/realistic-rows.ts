/**
 * Check rows shaped like a real site migration's, for the report's size and layout tests: several old hosts, paths of
 * words, ids and query strings (30 to 100 characters in all), one to four hops of 301, 302, 307 and 308, most rows
 * passing, some failing for a wrong target, an error page or a chain, some that could not be checked. Made from a
 * seeded generator, so that every run gets the same rows.
 */
import type { RowResult } from '../../src/check/index.js';

const HOSTS = ['https://www.old-shop.example', 'https://blog.old-shop.example', 'http://old-shop.example:8080'];
const WORDS = ['summer', 'sale', 'garden', 'chair', 'oak', 'table', 'how-to', 'guide', 'winter', 'lamp', 'rug', 'blue'];
const SECTIONS = ['products', 'category', 'blog/2019/05', 'help/articles', 'p'];

/** A small deterministic generator (a linear congruential one); `next(n)` is 0 ≤ x < n. */
function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    // From the high bits: an LCG's low bits repeat with short periods.
    return Math.floor((state / 2 ** 32) * n);
  };
}

type Hop = RowResult['chain'][number];

function hop(url: string, status: number, ms: number, last: boolean): Hop {
  const kind = status === 301 || status === 308 ? 'permanent' : 'temporary';
  return { url, status, statusText: '', responseTime: ms, headers: {}, ...(last ? {} : { redirectType: kind }) };
}

/** `count` rows, their lines 2, 3, … as a CSV with a header gives them. */
export function realisticRows(count: number, seed = 30): RowResult[] {
  const next = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[next(list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const slug = Array.from({ length: 1 + next(4) }, () => pick(WORDS)).join('-');
    const query = next(4) === 0 ? `?utm_source=newsletter&ref=${next(1000)}` : '';
    const source = `${pick(HOSTS)}/${pick(SECTIONS)}/${slug}-${i}${query}`;
    const target = `https://www.new-shop.example/${slug}/${i}`;
    const roll = next(100);
    const errored = roll < 3;
    const final = roll < 6 ? `https://www.new-shop.example/` : roll < 8 ? `${target}-gone` : target;
    const middle = Array.from({ length: next(3) === 0 ? 1 + next(2) : 0 }, (_, n) => `${target}/step-${n}`);
    const urls = errored ? [source] : [source, ...middle, final];
    const finalStatus = roll >= 6 && roll < 8 ? 404 : 200;
    const chain = urls.map((url, n) =>
      hop(
        url,
        n === urls.length - 1 ? finalStatus : pick([301, 301, 301, 302, 307, 308]),
        20 + next(900),
        n === urls.length - 1,
      ),
    );
    const failed = !errored && (final !== target || urls.length > 3);
    const reasons = errored
      ? ['the connection was refused']
      : final !== target
        ? [`final URL is ${final}, expected ${target}`]
        : [];
    const redirects = errored ? 0 : urls.length - 1;
    return {
      line: i + 2,
      source,
      target,
      outcome: errored ? 'errored' : failed ? 'failed' : 'passed',
      reasons,
      warnings: next(50) === 0 ? ['the target is on another host'] : [],
      firstStatus: chain[0]!.status,
      ...(errored ? {} : { finalStatus, finalUrl: final }),
      hops: chain.length,
      redirects,
      time: chain.reduce((sum, each) => sum + each.responseTime, 0) + next(10) / 10,
      attempts: 1,
      issues: urls.length > 3 ? [{ type: 'redirect_chain', severity: 'warning', message: 'a chain' }] : [],
      ...(errored ? { error: { code: 'ECONNREFUSED', message: 'the connection was refused' } } : {}),
      chain,
    } as RowResult;
  });
}

/**
 * `hoplens compare` on a site crawled twice with changes planted between the crawls: a loopback site
 * (test/helpers/changing-site.ts) serves a model before and a changed model after, each crawled by `hoplens crawl
 * --state`, and compareCrawls must find every planted change and nothing else. The changes are drawn by a seeded
 * fast-check generator (one mutation per page, each page's kind of mutation its own), besides a hand-picked set with
 * every kind at once. What counts as each change follows the sources cited in src/compare/: a page that says noindex
 * (https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag), robots.txt's Disallow (RFC 9309
 * §2.2.2), hreflang alternates that must name each other
 * (https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type ChangeKind, changeRank, compareCrawls } from '../../src/compare/index.js';
import { type ChangingSite, type ModelPage, type SiteModel, startChangingSite } from '../helpers/changing-site.js';
import { runCli, tempDir } from '../helpers/cli.js';

const PAGE_MUTATIONS = [
  'none',
  'lost404',
  'lost410',
  'gone',
  'redirect',
  'noindexMeta',
  'noindexHeader',
  'canonical',
  'title',
  'disallow',
] as const;
const REDIRECT_MUTATIONS = ['none', 'chain', 'status302', 'target'] as const;
const PAIR_MUTATIONS = ['none', 'dropBack', 'loseFr'] as const;

/** What changes between the crawls, page by page. */
interface Plan {
  /** Per content page /p/i/: whether it says noindex before, and its mutation. */
  pages: Array<{ noindexBefore: boolean; mutation: (typeof PAGE_MUTATIONS)[number] }>;
  redirects: Array<(typeof REDIRECT_MUTATIONS)[number]>;
  pairs: Array<(typeof PAIR_MUTATIONS)[number]>;
  /** /x/ is disallowed before; allowed after. */
  allow: boolean;
  /** /d/ answers 404 before; 200 after. */
  restore: boolean;
  /** A page only the after crawl has: no change. */
  addNew: boolean;
}

const page = (path: string, extra: Partial<ModelPage> = {}): [string, ModelPage] => [
  path,
  { status: 200, title: `Title of ${path}`, canonical: path, ...extra },
];

/** A content page /p/i/ before, or after its mutation; undefined when it is gone. */
function contentPage(plan: Plan, i: number, after: boolean): ModelPage | undefined {
  const { noindexBefore, mutation } = plan.pages[i]!;
  const next = plan.pages[i + 1];
  const links = next === undefined || (after && next.mutation === 'gone') ? [] : [`/p/${i + 1}/`];
  const base: ModelPage = { ...page(`/p/${i}/`)[1], links, ...(noindexBefore ? { noindex: 'meta' as const } : {}) };
  if (!after || mutation === 'none' || mutation === 'disallow') return base;
  switch (mutation) {
    case 'lost404':
      return { status: 404 };
    case 'lost410':
      return { status: 410 };
    case 'gone':
      return undefined;
    case 'redirect':
      return { status: 301, location: '/s/0/' };
    case 'noindexMeta':
    case 'noindexHeader': {
      // A page with noindex before has it removed; one without gets it, in a meta or a header.
      const { noindex: _dropped, ...rest } = base;
      return noindexBefore ? rest : { ...rest, noindex: mutation === 'noindexMeta' ? 'meta' : 'header' };
    }
    case 'canonical':
      return { ...base, canonical: '/s/1/', canonicalIn: i % 2 === 0 ? 'head' : 'header' };
    case 'title':
      return { ...base, title: `${base.title} (moved)` };
  }
}

function redirectPages(plan: Plan, after: boolean): Array<[string, ModelPage]> {
  return plan.redirects.flatMap((mutation, j): Array<[string, ModelPage]> => {
    const path = `/r/${j}/`;
    if (!after || mutation === 'none') return [[path, { status: 301, location: '/s/0/' }]];
    if (mutation === 'status302') return [[path, { status: 302, location: '/s/0/' }]];
    if (mutation === 'target') return [[path, { status: 301, location: '/s/1/' }]];
    return [
      [path, { status: 301, location: `/r2/${j}/` }],
      [`/r2/${j}/`, { status: 301, location: '/s/0/', hidden: true }],
    ];
  });
}

function pairPages(plan: Plan, after: boolean): Array<[string, ModelPage]> {
  return plan.pairs.flatMap((mutation, k): Array<[string, ModelPage]> => {
    const [en, fr] = [`/en/${k}/`, `/fr/${k}/`];
    const both = [
      { lang: 'en', path: en },
      { lang: 'fr', path: fr },
    ];
    const frPage: ModelPage =
      after && mutation === 'loseFr'
        ? { status: 404 }
        : page(fr, { hreflang: after && mutation === 'dropBack' ? [both[1]!] : both })[1];
    return [page(en, { hreflang: both }), [fr, frPage]];
  });
}

function siteModel(plan: Plan, after: boolean): SiteModel {
  const pages = new Map<string, ModelPage>([page('/s/0/'), page('/s/1/')]);
  plan.pages.forEach((_, i) => {
    const content = contentPage(plan, i, after);
    if (content !== undefined) pages.set(`/p/${i}/`, content);
  });
  for (const [path, model] of [...redirectPages(plan, after), ...pairPages(plan, after)]) pages.set(path, model);
  pages.set('/x/', page('/x/')[1]);
  pages.set('/d/', after && plan.restore ? page('/d/')[1] : { status: 404 });
  if (after && plan.addNew) pages.set('/n/', page('/n/')[1]);
  const disallow = new Set<string>();
  if (!(after && plan.allow)) disallow.add('/x/');
  plan.pages.forEach(({ mutation }, i) => {
    if (after && mutation === 'disallow') disallow.add(`/p/${i}/`);
  });
  return { pages, disallow };
}

/** Whether content page i is a 2xx page the after crawl reads the links of. */
function readAfter(plan: Plan, i: number): boolean {
  return ['none', 'noindexMeta', 'noindexHeader', 'canonical', 'title'].includes(plan.pages[i]!.mutation);
}

const PAGE_KIND: Record<(typeof PAGE_MUTATIONS)[number], ChangeKind | undefined> = {
  none: undefined,
  lost404: 'page_lost',
  lost410: 'page_lost',
  gone: 'page_lost',
  redirect: 'redirect_new',
  noindexMeta: 'noindex_added',
  noindexHeader: 'noindex_added',
  canonical: 'canonical_changed',
  title: 'title_changed',
  disallow: 'robots_disallowed',
};

const REDIRECT_KIND = { chain: 'redirect_chain_grown', status302: 'status_changed', target: 'redirect_target_changed' };

/** The changes the plan plants, as `kind path related`: what compare must find, no more. */
function planted(plan: Plan): string[] {
  const found: string[] = [];
  plan.pages.forEach(({ mutation, noindexBefore }, i) => {
    const path = `/p/${i}/`;
    let kind = PAGE_KIND[mutation];
    if (kind === 'noindex_added' && noindexBefore) kind = 'noindex_removed';
    if (kind !== undefined) found.push(`${kind} ${path} -`);
    if (mutation !== 'redirect') return;
    // Every 2xx page of the after crawl that links to it links to a redirect now: the home page, and /p/(i-1)/.
    found.push(`link_to_redirect ${path} /`);
    if (i > 0 && readAfter(plan, i - 1)) found.push(`link_to_redirect ${path} /p/${i - 1}/`);
  });
  plan.redirects.forEach((mutation, j) => {
    if (mutation !== 'none') found.push(`${REDIRECT_KIND[mutation]} /r/${j}/ -`);
  });
  plan.pairs.forEach((mutation, k) => {
    if (mutation === 'none') return;
    found.push(`hreflang_broken /en/${k}/ /fr/${k}/`);
    if (mutation === 'loseFr') found.push(`page_lost /fr/${k}/ -`);
  });
  if (plan.allow) found.push('robots_allowed /x/ -');
  if (plan.restore) found.push('status_changed /d/ -');
  return found.sort();
}

const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  pages: fc.array(fc.record({ noindexBefore: fc.boolean(), mutation: fc.constantFrom(...PAGE_MUTATIONS) }), {
    minLength: 3,
    maxLength: 10,
  }),
  redirects: fc.array(fc.constantFrom(...REDIRECT_MUTATIONS), { minLength: 1, maxLength: 3 }),
  pairs: fc.array(fc.constantFrom(...PAIR_MUTATIONS), { minLength: 1, maxLength: 2 }),
  allow: fc.boolean(),
  restore: fc.boolean(),
  addNew: fc.boolean(),
});

/** Every kind at once. */
const EVERY_KIND: Plan = {
  pages: [
    ...PAGE_MUTATIONS.map((mutation) => ({ noindexBefore: false, mutation })),
    { noindexBefore: true, mutation: 'noindexMeta' },
    { noindexBefore: false, mutation: 'none' },
  ],
  redirects: [...REDIRECT_MUTATIONS],
  pairs: [...PAIR_MUTATIONS],
  allow: true,
  restore: true,
  addNew: true,
};

let site: ChangingSite;
beforeAll(async () => {
  site = await startChangingSite();
});
afterAll(() => site?.close());

async function crawl(state: string): Promise<void> {
  const outcome = await runCli(['crawl', `${site.origin}/`, '--state', state, '--format', 'json', '--no-progress']);
  expect(outcome.stderr).not.toMatch(/internal error/);
}

/** Crawls the plan's two models and compares them: the changes found, as `kind path related`. */
async function compared(plan: Plan) {
  const dir = await tempDir();
  try {
    site.serve(siteModel(plan, false));
    await crawl(join(dir.path, 'before'));
    site.serve(siteModel(plan, true));
    await crawl(join(dir.path, 'after'));
    const comparison = await compareCrawls(join(dir.path, 'before'), join(dir.path, 'after'));
    const path = (url: string | undefined) => (url === undefined ? '-' : url.replace(site.origin, ''));
    const found = comparison.changes.map((change) => `${change.kind} ${path(change.url)} ${path(change.related)}`);
    return { comparison, found };
  } finally {
    await dir.remove();
  }
}

describe('hoplens compare on a site crawled twice', () => {
  it('finds every planted change of every kind, and nothing else, ranked', async () => {
    const { comparison, found } = await compared(EVERY_KIND);
    expect([...found].sort()).toEqual(planted(EVERY_KIND));
    expect(new Set(comparison.changes.map((change) => change.kind))).toEqual(new Set(CHANGE_KINDS));
    const ranks = comparison.changes.map((change) => changeRank(change.kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // /p/3/ (gone) is no longer linked; /p/1/ (404) and /p/2/ (410) still are, from the home page: ranked first.
    const lost = comparison.changes.filter((change) => change.kind === 'page_lost');
    expect(lost.at(-1)?.inboundAfter).toBe(0);
    expect(lost[0]!.inboundAfter).toBeGreaterThan(0);
    expect(comparison.summary.pagesNew).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('finds exactly the planted changes of seeded random plans', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        const { found } = await compared(plan);
        expect([...found].sort()).toEqual(planted(plan));
      }),
      { seed: 45, numRuns: 5, endOnFailure: true },
    );
  }, 180_000);
});

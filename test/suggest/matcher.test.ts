/**
 * The matcher of `hoplens suggest` (src/suggest/): each reason it gives, its threshold, its determinism, and the old
 * URLs it leaves without a proposal.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, type Suggestion, type SuggestPage, suggestTargets } from '../../src/suggest/index.js';

const OLD = 'https://old.example.com';
const NEW = 'https://www.example.org';

/** A new site with pages unrelated to the tested ones, so that word weights are those of a site, not of two pages. */
const BACKGROUND: SuggestPage[] = [
  'garden-tools',
  'winter-coats-sale',
  'contact',
  'team',
  'pricing-plans',
  'privacy-policy',
  'careers-open-roles',
  'kayak-rental',
].map((slug) => ({ url: `${NEW}/pages/${slug}` }));

function one(old: SuggestPage | string, next: Array<SuggestPage | string>, threshold?: number): Suggestion | undefined {
  const page = (each: SuggestPage | string) => (typeof each === 'string' ? { url: each } : each);
  const found = suggestTargets(
    [page(old)],
    [...next.map(page), ...BACKGROUND],
    threshold === undefined ? {} : { threshold },
  );
  return found[0];
}

describe('suggest: the reasons', () => {
  it('the same path on another host', () => {
    const found = one(`${OLD}/help/returns`, [`${NEW}/help/returns`, `${NEW}/help/refunds`]);
    expect(found).toMatchObject({ target: `${NEW}/help/returns`, confidence: 1, reason: 'same path' });
  });

  it('the same slug with the date folder dropped', () => {
    const found = one(`${OLD}/2019/05/sourdough-starter-guide`, [`${NEW}/blog/sourdough-starter-guide`]);
    expect(found?.target).toBe(`${NEW}/blog/sourdough-starter-guide`);
    expect(found?.reason).toBe('same slug; date folder dropped; moved into /blog');
  });

  it('the same slug in a renamed category', () => {
    const found = one(`${OLD}/recipes/lemon-tart`, [`${NEW}/cooking/lemon-tart`, `${NEW}/cooking/lemon-cake`]);
    expect(found).toMatchObject({
      target: `${NEW}/cooking/lemon-tart`,
      reason: 'same slug; folder moved: /recipes → /cooking',
    });
  });

  it('the extension dropped, the case changed', () => {
    expect(one(`${OLD}/about/our-story.html`, [`${NEW}/about/our-story`])?.reason).toBe(
      'same path; extension dropped (.html)',
    );
    expect(one(`${OLD}/About/Our-Story`, [`${NEW}/about/our-story`])?.reason).toBe('same path; case changed');
  });

  it('a typo fixed, words reordered, stop words dropped', () => {
    const typo = one(`${OLD}/2019/05/recieve-payments-online`, [`${NEW}/blog/receive-payments-online`]);
    expect(typo?.reason).toBe('same slug words, typo fixed (recieve → receive); date folder dropped; moved into /blog');
    expect(typo!.confidence).toBeGreaterThan(DEFAULT_THRESHOLD);
    // A little less sure than the same slug.
    expect(typo!.confidence).toBeLessThan(
      one(`${OLD}/2019/05/receive-payments-online`, [`${NEW}/blog/receive-payments-online`])!.confidence,
    );
    expect(one(`${OLD}/guides/payments-online-safe`, [`${NEW}/guides/safe-online-payments`])?.reason).toBe(
      'same slug words, words reordered',
    );
    expect(one(`${OLD}/guides/how-to-bake-the-bread`, [`${NEW}/guides/bake-bread`])?.reason).toBe(
      'same slug words, stop words dropped',
    );
  });

  it('the same title, when the slugs share nothing', () => {
    const old = { url: `${OLD}/p/1234`, title: 'Returning an Order | Old Shop' };
    const next = [
      { url: `${NEW}/help/returns`, title: 'Returning an Order – Shop' },
      { url: `${NEW}/help/shipping`, title: 'Shipping Times – Shop' },
      { url: `${NEW}/help/sizes`, title: 'Size Charts – Shop' },
    ];
    expect(one(old, next)).toMatchObject({
      target: `${NEW}/help/returns`,
      reason: 'same title; folder moved: /p → /help',
    });
    // Without titles, the slug `1234` matches nothing.
    expect(
      one(
        old.url,
        next.map((page) => page.url),
      ),
    ).toBeUndefined();
  });

  it('pages merged: the old slug has the new one and more', () => {
    const found = one(`${OLD}/docs/install-docker-linux`, [`${NEW}/guides/install-docker`, `${NEW}/guides/uninstall`]);
    expect(found?.target).toBe(`${NEW}/guides/install-docker`);
    expect(found?.reason).toBe('old slug has words the new one lacks (merged page?); folder moved: /docs → /guides');
  });
});

describe('suggest: what is left without a proposal', () => {
  it('an old page sharing nothing with the new site', () => {
    expect(one(`${OLD}/2014/03/company-picnic-photos`, [`${NEW}/blog/quarterly-results`])).toBeUndefined();
  });

  it('a slug that both lost and gained words: another page as often as the same', () => {
    const next = [`${NEW}/blog/bread-recipes-summer`];
    expect(one(`${OLD}/blog/bread-recipes-winter`, next)).toBeUndefined();
    // It is a proposal at a low enough threshold: the threshold, not the matcher, left it out.
    expect(one(`${OLD}/blog/bread-recipes-winter`, next, 0.2)?.target).toBe(`${NEW}/blog/bread-recipes-summer`);
  });

  it('an old URL the new site still lists: no redirect needed', () => {
    expect(one(`${NEW}/help/returns`, [`${NEW}/help/returns`])).toBeUndefined();
  });

  it('the threshold: a proposal is made at or above it only', () => {
    const made = one(`${OLD}/docs/install-docker-linux`, [`${NEW}/guides/install-docker`])!;
    expect(one(`${OLD}/docs/install-docker-linux`, [`${NEW}/guides/install-docker`], made.confidence)).toEqual(made);
    const above = Math.min(1, made.confidence + 0.001);
    expect(one(`${OLD}/docs/install-docker-linux`, [`${NEW}/guides/install-docker`], above)).toBeUndefined();
  });
});

describe('suggest: deterministic', () => {
  it('a tie goes to the URL first in code-point order, whatever the input order; a close second lowers confidence', () => {
    const next = [`${NEW}/b/lemon-tart`, `${NEW}/a/lemon-tart`];
    const forward = one(`${OLD}/x/lemon-tart`, next);
    const backward = one(`${OLD}/x/lemon-tart`, [...next].reverse());
    expect(forward).toEqual(backward);
    expect(forward?.target).toBe(`${NEW}/a/lemon-tart`);
    expect(forward?.reason).toContain('another page nearly as close');
    expect(one(`${OLD}/x/lemon-tart`, next, 0.5)!.confidence).toBeLessThan(
      one(`${OLD}/x/lemon-tart`, [next[0]!])!.confidence,
    );
  });

  it('the same inputs give the same proposals, in the old pages order', () => {
    const old = ['/2019/01/a-walk-in-the-park', '/recipes/apple-pie', '/about.php'].map((path) => ({
      url: OLD + path,
    }));
    const next = ['/blog/walk-park', '/cooking/apple-pie', '/about', '/cooking/pear-pie'].map((path) => ({
      url: NEW + path,
    }));
    const first = suggestTargets(old, next);
    expect(suggestTargets(old, [...next].reverse())).toEqual(first);
    expect(first.map((each) => each.source)).toEqual(old.map((page) => page.url));
  });
});

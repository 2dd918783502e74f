/**
 * `hoplens compare --format html`: a comparison with a change of every kind, hostile values (a crawled title or URL is
 * the site's text, never markup) and URLs too long for a phone, rendered by the static report kit and opened in
 * Chromium at 1280 px light and 375 px dark: no sideways scroll, no WCAG 2.1 A/AA violation axe-core finds,
 * screenshots kept (test-artifacts/screenshots/).
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type ChangeKind, type Comparison, type CrawlChange } from '../../src/compare/index.js';
import { writeComparison } from '../../src/formats/compare/index.js';
import { describeStaticPageInChromium } from '../helpers/static-page-check.js';

const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
const SITE = 'https://www.example.com';
const LONG = `${SITE}/${'a-very-long-slug-without-a-break-'.repeat(6)}`;

/** One change of each kind (two of the first), as compareCrawls would give them. */
function changes(): CrawlChange[] {
  return CHANGE_KINDS.flatMap((kind, i): CrawlChange[] => {
    const url = i === 0 ? LONG : `${SITE}/${kind}/`;
    const change: CrawlChange = {
      kind,
      url,
      before: kind === 'title_changed' ? `Old title ${HOSTILE}` : '200',
      after: kind.startsWith('redirect') ? `301 → ${SITE}/new/${kind}/` : kind === 'title_changed' ? 'New' : '404',
      ...(kind === 'link_to_redirect' || kind === 'hreflang_broken' ? { related: `${SITE}/fr/${HOSTILE}` } : {}),
      inboundBefore: 3,
      inboundAfter: i === 0 ? 12 : 1,
      message: `${kind} of ${url}`,
    };
    return i === 0 ? [change, { ...change, url: `${SITE}/second/`, inboundAfter: 0 }] : [change];
  });
}

function comparison(): Comparison {
  const all = changes();
  const byKind = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const change of all) byKind[change.kind]++;
  const summary = {
    before: `/srv/crawls/before-${HOSTILE}`,
    after: '/srv/crawls/after',
    pagesBefore: 120,
    pagesAfter: 118,
    pagesNew: 3,
    changes: all.length,
    byKind,
  };
  return { summary, changes: all };
}

async function rendered(): Promise<string> {
  let text = '';
  await writeComparison(comparison(), 'html', {
    write: async (chunk) => {
      text += chunk;
    },
  });
  return text;
}

describe('hoplens compare --format html', () => {
  it('has a section per kind in rank order and writes no markup from a crawled value', async () => {
    const page = await rendered();
    const ids = [...page.matchAll(/id="kind-([a-z_]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...CHANGE_KINDS]);
    expect(page).toContain('page_lost (2)');
    // Each kind's words as a sentence: a capital, one full stop (status_changed's end in "...").
    expect(page).toContain('<p class="static-note">A 2xx page that now says noindex');
    expect(page).toMatch(/a 200 now a 203\.\.\.<\/p>/);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/\b(src|href)="https?:/);
  });
});

describeStaticPageInChromium('hoplens compare --format html in Chromium', rendered, 'compare');

/**
 * The static report pages' kit (src/report/static/): values from outside (a URL from a log, a crawled title) never
 * become markup, and a page made of its parts opens offline, fits a phone without the page scrolling sideways, and has
 * no WCAG 2.1 A/AA violation that axe-core finds, in light and dark.
 */
import { describe, expect, it } from 'vitest';
import { barChart, cards, html, section, staticPageHtml, table } from '../../src/report/index.js';
import { describeStaticPageInChromium } from '../helpers/static-page-check.js';

const HOSTILE = '/"><script>alert(1)</script><img src=x onerror=alert(2)>';

interface Row {
  url: string;
  hits: number;
}

function samplePage(): string {
  const rows: Row[] = [
    { url: `https://old.example/${HOSTILE}`, hits: 1200 },
    { url: `https://old.example/${'a-very-long-slug-'.repeat(12)}`, hits: 40 },
  ];
  return staticPageHtml({
    title: 'coverage of moves.csv',
    meta: `from access.log ${HOSTILE}`,
    body: [
      cards([
        { label: 'hits in all', value: 1240 },
        { label: 'covered', value: '97%', tone: 'success' },
      ]),
      barChart('traffic', 'Traffic by answer', [
        { label: 'covered', value: 1200, tone: 'success' },
        { label: HOSTILE, value: 40, tone: 'error' },
      ]),
      section(
        'top',
        'Top uncovered URLs',
        table<Row>(
          'Old URLs by hits',
          [
            { heading: 'URL', cell: (row) => row.url, url: true },
            { heading: 'Hits', cell: (row) => row.hits, numeric: true },
          ],
          rows,
        ),
      ),
    ],
  });
}

describe('static report pages: escaping', () => {
  it('escapes every value put into html, keeps the markup html made, and leaves nothing for null or false', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${null}${false}${undefined}${[1, '&']}</p>`.text).toBe('<p><b>&lt;i&gt;</b>1&amp;</p>');
    expect(html`<a title="${'" onclick="x'}">`.text).toBe('<a title="&quot; onclick=&quot;x">');
  });

  it('writes no script and no element from a hostile URL, title or label anywhere in the page', () => {
    const page = samplePage();
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/\b(src|href)="https?:/);
  });
});

describeStaticPageInChromium('static report pages in Chromium', samplePage, 'static-page');

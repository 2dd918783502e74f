/** Every finding links to the page that explains it (src/core/issues/help.ts), attached by detectIssues. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectIssues, type Hop, ISSUE_HELP, ISSUE_TYPES } from '../../src/index.js';

const SEARCH_CENTRAL =
  /^https:\/\/developers\.google\.com\/search\/docs\/crawling-indexing\/[a-z0-9-]+(\/[a-z0-9-]+)?(#[a-z0-9-]+)?$/;

describe('issue help', () => {
  it('has a page for every type: Search Central, or its own section of docs/issues.md', () => {
    const docs = readFileSync(new URL('../../docs/issues.md', import.meta.url), 'utf8');
    expect(Object.keys(ISSUE_HELP).sort()).toEqual([...ISSUE_TYPES].sort());
    for (const type of ISSUE_TYPES) {
      const help = ISSUE_HELP[type];
      if (help.startsWith('docs/')) expect(help).toBe(`docs/issues.md#${type}`);
      else expect(help, type).toMatch(SEARCH_CENTRAL);
      // Each type has its section in docs/issues.md, which names its help page.
      expect(docs, type).toContain(`## ${type}\n`);
      expect(docs, type).toContain(help.startsWith('docs/') ? `#${type}` : help);
    }
    expect(ISSUE_HELP.redirect_chain).toBe(
      'https://developers.google.com/search/docs/crawling-indexing/site-move-with-url-changes',
    );
    expect(ISSUE_HELP.canonical_mismatch).toMatch(/consolidate-duplicate-urls$/);
    expect(ISSUE_HELP.noindex_destination).toMatch(/block-indexing$/);
  });

  it('is attached to every issue detectIssues returns', () => {
    const hop = (url: string, status: number, location?: string): Hop => ({
      url,
      status,
      statusText: '',
      responseTime: 1,
      headers: location === undefined ? {} : { location },
      ...(location === undefined ? {} : { redirectType: 'temporary' as const, redirectVia: 'http' as const }),
    });
    const chain = [
      hop('http://a.test/x?utm_source=n', 302, '/y'),
      hop('http://a.test/y', 302, '/'),
      hop('http://a.test/', 200),
    ];
    const issues = detectIssues({ chain, stop: { kind: 'complete' } });
    expect(issues.map((issue) => issue.type).sort()).toEqual(
      ['not_https', 'query_dropped', 'redirect_chain', 'redirect_to_homepage', 'temporary_redirect'].sort(),
    );
    for (const issue of issues) expect(issue.help).toBe(ISSUE_HELP[issue.type]);
  });
});

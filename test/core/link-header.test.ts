/**
 * Reading a `Link` header's links with their parameters (src/core/link-header.ts), as RFC 8288 §3 writes them: a
 * target in angle brackets, `;`-separated parameters, quoted or as tokens, links separated by commas; only the first
 * `rel` of a link counts (§3.3), and `hreflang` is a target attribute of its own (§3.4.1). Google reads hreflang
 * alternates from this header (https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
import { describe, expect, it } from 'vitest';
import { linkTargets, linkValues } from '../../src/core/index.js';

describe('Link header values', () => {
  it('gives each alternate with its hreflang, quoted or not, and leaves the other relations out', () => {
    const header =
      '<https://s.test/de/>; rel="alternate"; hreflang="de", <https://s.test/fr/>; REL=Alternate; HREFLANG=fr,' +
      ' <https://s.test/>; rel=canonical, <https://s.test/x>; rel="alternate"';
    const alternates = linkValues(header, 'alternate').map((link) => [link.target, link.params.get('hreflang')]);
    expect(alternates).toEqual([
      ['https://s.test/de/', 'de'],
      ['https://s.test/fr/', 'fr'],
      ['https://s.test/x', undefined],
    ]);
    expect(linkTargets(header, 'canonical')).toEqual(['https://s.test/']);
  });

  it('keeps the first of a repeated parameter, as for rel', () => {
    const [link] = linkValues('</a>; rel="alternate"; hreflang="en"; hreflang="de"; rel="canonical"', 'alternate');
    expect(link?.params.get('hreflang')).toBe('en');
    expect(linkValues('</a>; rel="canonical"; rel="alternate"', 'alternate')).toEqual([]);
  });
});

/**
 * Cloudflare Bulk Redirect List CSV. Authority: Cloudflare's "CSV file format for Bulk Redirects"
 * (developers.cloudflare.com/rules/url-forwarding/bulk-redirects/reference/csv-file-format/): no header,
 * `<SOURCE_URL>,<TARGET_URL>[,<STATUS_CODE>,<PRESERVE_QUERY_STRING>,<INCLUDE_SUBDOMAINS>,<SUBPATH_MATCHING>,
 * <PRESERVE_PATH_SUFFIX>]`, status 301 by default, booleans TRUE/true/FALSE/false or empty; and "URL redirect
 * parameters" (.../reference/parameters/): a source without a scheme applies to http and https; no wildcards.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { parseRedirectsText } from '../../src/inputs/formats/netlify/redirects-text.js';
import { readRules } from '../../src/inputs/index.js';
import { all, brief } from '../helpers/rule-items.js';

const read = async (text: string, baseUrl?: string) =>
  brief(await all(readRules('cloudflare', Readable.from([text]), baseUrl === undefined ? {} : { baseUrl })));

describe('Cloudflare Bulk Redirects CSV', () => {
  it("reads Cloudflare's own example lines, and reports malformed ones with their line", async () => {
    const csv = [
      'example.com/contacts,https://example.net/contact-us,301,,,,',
      'example.com/about,https://example.net/about-us,,FALSE,TRUE,,',
      'example.com/docs,https://example.com/draft-docs,302,,TRUE',
      '"http://example.com/a,b",https://example.net/ab,308',
      'example.com/x,/relative',
      'example.com/y,https://example.net/y,404',
      'example.com/z,https://example.net/z,301,yes',
      'example.com/*,https://example.net/',
      'example.com/contacts,https://example.net/again',
    ].join('\n');
    expect(await read(csv)).toEqual([
      // No scheme: the rule applies to http and https; hoplens checks https.
      'row 1 https://example.com/contacts → https://example.net/contact-us 301',
      'row 2 https://example.com/about → https://example.net/about-us 301',
      'row 3 https://example.com/docs → https://example.com/draft-docs 302',
      'row 4 http://example.com/a,b → https://example.net/ab 308',
      'bad 5 the target must be an absolute URL: "/relative"',
      'bad 6 status must be 301, 302, 307 or 308',
      'bad 7 preserve_query_string must be TRUE or FALSE, not "yes"',
      'skip 8 wildcard in the source',
      // "A Bulk Redirect List cannot contain several URL redirects with the exact same source URL" (parameters page).
      'bad 9 the source URL of line 1 again: Cloudflare refuses a list with two redirects for one source',
    ]);
  });

  it('moves sources onto --base-url, with same-site targets', async () => {
    const csv = 'example.com/docs,https://example.com/draft-docs,302\nexample.com/o,https://other.test/p\n';
    expect(await read(csv, 'https://staging.test')).toEqual([
      'row 1 https://staging.test/docs → https://staging.test/draft-docs 302',
      'row 2 https://staging.test/o → https://other.test/p 301',
    ]);
  });

  // Documented semantics, no runnable oracle (developers.cloudflare.com/rules/url-forwarding/bulk-redirects/how-it-works/
  // and .../reference/parameters/): with subpath matching, `https://example.com/foo/` to `https://example.com/qux/`
  // also sends /foo/bar to /qux/bar (the path suffix preserved by default), and the source itself still goes to the
  // target as written; include subdomains widens the hosts, not the source's own answer; preserve query string
  // carries the request's query, which a source without one does not have.
  it('checks each source at itself, whatever subpath matching, subdomains and query preservation widen', async () => {
    const csv = [
      'example.com/foo/,https://example.com/qux/,301,FALSE,FALSE,TRUE,TRUE',
      'example.com/about,https://example.com/newpage,302,FALSE,TRUE,FALSE,FALSE',
      'example.com/q,https://example.com/r,307,TRUE,,,',
      'https://example.com/only-https,https://example.com/x,308',
    ].join('\n');
    expect(await read(csv)).toEqual([
      'row 1 https://example.com/foo/ → https://example.com/qux/ 301',
      'row 2 https://example.com/about → https://example.com/newpage 302',
      'row 3 https://example.com/q → https://example.com/r 307',
      'row 4 https://example.com/only-https → https://example.com/x 308',
    ]);
  });

  it('refuses a second redirect for the exact same source, even with another target or status', async () => {
    const csv =
      'example.com/a,https://example.net/1\nexample.com/b,https://example.net/2\nexample.com/a,https://example.net/3,302\n';
    expect(await read(csv)).toEqual([
      'row 1 https://example.com/a → https://example.net/1 301',
      'row 2 https://example.com/b → https://example.net/2 301',
      'bad 3 the source URL of line 1 again: Cloudflare refuses a list with two redirects for one source',
    ]);
  });
});

/**
 * Cloudflare Pages `_redirects`, matched for `--samples` (documented semantics, no runnable oracle:
 * developers.cloudflare.com/pages/configuration/redirects/): `[source] [destination] [code?]`, 302 when no code is
 * given, splats and placeholders in the source filled into the destination, and of several rules for one source the
 * topmost applies.
 */
describe('Cloudflare Pages _redirects, matched', () => {
  const text = ['/blog/*  /news/:splat', '/team/:name  /people/:name  301', '/old  /first', '/old  /second  301'].join(
    '\n',
  );
  const rules = compileNetlify(parseRedirectsText(text, 'cloudflare-pages'));
  const at = (path: string) => rules.match(new URL(path, 'https://pages.test'));

  it('answers 302 by default, fills splats and placeholders, and lets the topmost rule for a source answer', () => {
    expect(at('/blog/2024/hello')).toEqual({ line: 1, target: '/news/2024/hello', status: 302 });
    expect(at('/team/ana')).toEqual({ line: 2, target: '/people/ana', status: 301 });
    expect(at('/old')).toEqual({ line: 3, target: '/first', status: 302 });
    expect(at('/elsewhere')).toBeUndefined();
  });
});

/**
 * Tools' redirect exports. Authorities: Shopify's URL redirect CSV template (`Redirect from,Redirect to`;
 * help.shopify.com/csv/sample-redirect-template.csv, linked from shopify.dev's urlRedirectImportCreate; Shopify's
 * URL redirects are 301s); the Redirection plugin's JSON export (redirection.me/developer/json-export/: url,
 * action_data.url, action_code, action_type, match_type, match_data.source.flag_regex, regex, enabled) and its CSV
 * export (the plugin's exporter, github.com/johngodley/redirection fileio/csv.php: source, target, regex, code,
 * type, hits, title, status); Screaming Frog's redirect chains report (Reports > Redirects > Redirect Chains:
 * Address, ..., Final Address; no first-party list of its columns was found to check these names against); AWS Amplify's custom rules (docs.aws.amazon.com/amplify/latest/
 * APIReference/API_CustomRule.html: source, target, status "200"/"301"/"302"/"404"/"404-200", condition; and
 * .../userguide/redirect-rewrite-examples.html: `<*>` wildcards and `<placeholder>`s).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type RuleFormat, readRules } from '../../src/inputs/index.js';
import { all, brief } from '../helpers/rule-items.js';

const read = async (format: RuleFormat, text: string, baseUrl = 'https://site.test') =>
  brief(await all(readRules(format, Readable.from([text]), { baseUrl })));

describe('tool exports', () => {
  it('shopify: Redirect from,Redirect to; every redirect a 301', async () => {
    const csv = ['Redirect from,Redirect to', '/old-product,/products/new', 'blog/x,https://other.test/x', '/lonely,'];
    expect(await read('shopify', csv.join('\n'))).toEqual([
      'row 2 https://site.test/old-product → https://site.test/products/new 301',
      'row 3 https://site.test/blog/x → https://other.test/x 301',
      'bad 4 a redirect needs both columns',
    ]);
    await expect(read('shopify', 'source,target\n/a,/b\n')).rejects.toMatchObject({
      code: 'INPUT_MALFORMED',
      message: 'line 1: not a Shopify export: the header has no "redirect from", "redirect to" column',
    });
  });

  it('wordpress: literal, enabled redirects to a URL from the JSON export', async () => {
    const json = `{
  "groups": [{ "id": 1, "name": "Redirections", "module_id": 1, "enabled": true }],
  "redirects": [
    { "url": "/source", "action_code": 301, "action_type": "url", "action_data": { "url": "/target" },
      "match_type": "url", "match_data": { "source": { "flag_regex": false } }, "regex": false, "enabled": true },
    { "url": "/off", "action_code": 301, "action_type": "url", "action_data": { "url": "/t" }, "match_type": "url",
      "enabled": false },
    { "url": "^/re/(.*)", "action_code": 301, "action_type": "url", "action_data": { "url": "/t/$1" },
      "match_type": "url", "match_data": { "source": { "flag_regex": true } }, "enabled": true },
    { "url": "/ref", "action_code": 302, "action_type": "url", "action_data": { "url": "/t" },
      "match_type": "referrer", "enabled": true },
    { "url": "/removed", "action_code": 410, "action_type": "error", "match_type": "url", "enabled": true },
    { "url": "/temp", "action_code": 307, "action_type": "url", "action_data": { "url": "https://o.test/t" },
      "match_type": "url", "enabled": true }
  ]
}`;
    expect(await read('wordpress', json)).toEqual([
      'row 4 https://site.test/source → https://site.test/target 301',
      'skip 6 disabled',
      'skip 8 regular expression in the source',
      'skip 10 conditional (match_type referrer)',
      'row 12 https://site.test/removed → https://site.test/removed 410',
      'row 13 https://site.test/temp → https://o.test/t 307',
    ]);
  });

  it('wordpress: the CSV export', async () => {
    const csv = [
      'source,target,regex,code,type,hits,title,status',
      '/a,/b,0,301,url,3,,enabled',
      '/c,/d,0,302,url,0,,disabled',
      '/e.*,/f,1,301,url,0,,enabled',
      '/g,/h,0,abc,url,0,,enabled',
    ];
    expect(await read('wordpress', csv.join('\n'))).toEqual([
      'row 2 https://site.test/a → https://site.test/b 301',
      'skip 3 disabled',
      'skip 4 regular expression in the source',
      'bad 5 not an HTTP status code: "abc"',
    ]);
  });

  it('wordpress: the CSV export exactly as the plugin writes it', async () => {
    // The plugin's own exporter (github.com/johngodley/redirection, fileio/csv.php, Red_Csv_File::get_data and
    // item_as_csv): header `source,target,regex,code,type,hits,title,status`; text fields quoted, numbers bare; regex
    // 1 or 0; a 4xx code's target left empty (its type is `error`); status `active` or `disabled`.
    const csv = [
      'source,target,regex,code,type,hits,title,status',
      '"/old","/new",0,301,"url",12,"Moved page","active"',
      '"/gone","",0,410,"error",0,"","active"',
      '"/off","/x",0,302,"url",0,"","disabled"',
      '"^/cat/(.*)$","/c/$1",1,301,"url",3,"","active"',
      '"/through","/y",0,301,"pass",0,"","active"',
      '"/temp","https://o.test/t",0,307,"url",0,"A title, with a comma","active"',
    ];
    expect(await read('wordpress', csv.join('\n'))).toEqual([
      'row 2 https://site.test/old → https://site.test/new 301',
      'row 3 https://site.test/gone → https://site.test/gone 410',
      'skip 4 disabled',
      'skip 5 regular expression in the source',
      'skip 6 action pass',
      'row 7 https://site.test/temp → https://o.test/t 307',
    ]);
    // Without a type column, a 4xx code is an error action, as the plugin's CSV import reads it (csv_as_item).
    expect(await read('wordpress', 'source,target,regex,code\n/gone,,0,404\n')).toEqual([
      'row 2 https://site.test/gone → https://site.test/gone 404',
    ]);
  });

  it('screaming-frog: each Address is expected to end at its Final Address', async () => {
    const csv = [
      'Chain Type,Number of Redirects,Loop,Address,Final Address,Final Status Code',
      'HTTP Redirect,2,false,https://live.test/a,https://live.test/c,200',
      'HTTP Redirect,1,false,https://live.test/x,https://cdn.test/y,200',
      'HTTP Redirect,1,false,https://live.test/z,,200',
    ];
    // Without --base-url the live site is checked as crawled; with it, the addresses move onto it.
    const asCrawled = await all(readRules('screaming-frog', Readable.from([csv.join('\n')]), {}));
    expect(brief(asCrawled)).toEqual([
      'row 2 https://live.test/a → https://live.test/c -',
      'row 3 https://live.test/x → https://cdn.test/y -',
      'bad 4 a row needs an Address and a Final Address',
    ]);
    expect((await read('screaming-frog', csv.slice(0, 2).join('\n'), 'https://staging.test'))[0]).toBe(
      'row 2 https://staging.test/a → https://staging.test/c -',
    );
  });

  it('amplify: redirects are rows; rewrites, wildcards, placeholders and conditions are skipped', async () => {
    const json = `[
  {"source": "/original.html", "status": "301", "target": "/destination.html", "condition": null},
  {"source": "/docs/<*>", "status": "301", "target": "/documents/<*>", "condition": null},
  {"source": "/<*>", "status": "200", "target": "/index.html", "condition": null},
  {"source": "/t", "status": "302", "target": "https://o.test/t", "condition": "<US>"},
  {"source": "/missing", "status": "404", "target": "/404.html"},
  {"source": "/x", "status": "418", "target": "/y"},
  {"source": "/d", "target": "/e"}
]`;
    expect(await read('amplify', json)).toEqual([
      'row 2 https://site.test/original.html → https://site.test/destination.html 301',
      'skip 3 placeholder or wildcard in the source',
      'skip 4 rewrite (200): the target is served at the source',
      'skip 5 conditional (<US>)',
      'row 6 https://site.test/missing → https://site.test/missing 404',
      'bad 7 unknown status "418"',
      'row 8 https://site.test/d → https://site.test/e 301',
    ]);
  });
});

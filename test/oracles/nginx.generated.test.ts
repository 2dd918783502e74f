/**
 * Generated nginx configurations against real nginx (the fidelity issue): seeded sites of one to three `server`
 * blocks (nginx-generator.ts) and their requests, served in batches by one nginx start each (nginx-batch.ts) and
 * predicted by hoplens's matcher; fast-check shrinks a disagreement to a minimal site. Then every entry of
 * corpus/nginx.json (disagreements `npm run fuzz:rules -- nginx` found and shrank, each fixed since) is replayed.
 *
 * What nginx does, as its documentation states it:
 * - https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#rewrite: a replacement's arguments are split at its
 *   `?`, the request's appended after them unless it ends with `?`; `permanent` 301, `redirect` 302, a URL 302.
 * - https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return: `return code URL`, `return URL` is 302.
 * - https://nginx.org/en/docs/http/ngx_http_core_module.html#location: `=`, then the longest prefix (`^~` ends the
 *   search), then regexes in file order.
 * - https://nginx.org/en/docs/http/server_names.html: exact name, longest `*.` wildcard, longest `.*` wildcard, first
 *   regex (its named captures are variables); https://nginx.org/en/docs/http/request_processing.html: else the
 *   port's `default_server`, else its first server.
 * - https://nginx.org/en/docs/http/ngx_http_core_module.html#absolute_redirect: on by default, a Location of `/x`
 *   (and `//cdn.example/x`, a path) gets the request's scheme, host and port.
 * - https://nginx.org/en/docs/http/ngx_http_core_module.html#try_files: each file (or folder, with a trailing slash)
 *   in turn, else the last argument (`=code`, `@name`, or a URI redirected to internally, its own arguments only);
 *   #error_page for the status that ends it; https://nginx.org/en/docs/http/ngx_http_index_module.html: a folder's
 *   `index.html`, else 403. Each site is served from a root holding only the files it names, given to hoplens as
 *   `--docroot`; without it hoplens cannot know them (an honest skip, docs/oracles/nginx.md), which is tried too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOutcome, runBatch } from './nginx-batch.js';
import { type CorpusEntry, readCorpus } from './nginx-corpus.js';
import { batch } from './nginx-shrink.js';

const SEED = 4242;
const BATCHES = 30;
describe('generated nginx configurations against real nginx', () => {
  it(`agrees on the requests of at least 500 generated sites (seed ${SEED}), skipping honestly`, async () => {
    const tally = { sites: 0, requests: 0, agreed: 0, skipped: 0, blindSkipped: 0 };
    const wrong: string[] = [];
    for (const sites of fc.sample(batch, { seed: SEED, numRuns: BATCHES })) {
      const outcomes = await runBatch(sites);
      tally.sites += sites.length;
      tally.requests += outcomes.length;
      tally.agreed += outcomes.filter((each) => each.verdict === 'agree').length;
      tally.skipped += outcomes.filter((each) => each.verdict === 'skip').length;
      tally.blindSkipped += outcomes.filter((each) => each.blindVerdict === 'skip').length;
      wrong.push(...outcomes.filter((each) => each.verdict === 'disagree').map(describeOutcome));
    }
    console.log(
      `nginx generated: ${tally.sites} sites, ${tally.requests} requests, ${tally.agreed} agree, ${tally.skipped} skipped, ${wrong.length} disagree; without --docroot ${tally.blindSkipped} skipped`,
    );
    for (const line of wrong) console.log(`  disagree ${line}`);
    expect(tally.sites).toBeGreaterThanOrEqual(500);
    // A disagreement fails the suite: `npm run fuzz:rules -- nginx` shrinks such a case into the corpus.
    expect(wrong).toEqual([]);
    // Given the root (`--docroot`), only an `if` is left to the server: at most 3% skipped, as the issue asks.
    expect(tally.skipped / tally.requests).toBeLessThanOrEqual(0.03);
    // Without it, a missing file is the server's to tell (try_files, error_page): skipped, counted, a minority.
    expect(tally.blindSkipped / tally.requests).toBeLessThan(0.35);
    // About 6 s alone; 37 s once while other suites held both cores.
  }, 150_000);

  it('replays every shrunk disagreement of the corpus: hoplens agrees or skips honestly, open ones listed', async () => {
    const corpus = await readCorpus();
    if (corpus.length === 0) return;
    const outcomes = await runBatch(corpus);
    const wrong = outcomes.filter((each) => each.verdict === 'disagree');
    const open = wrong.filter((each) => (each.site as CorpusEntry).open !== undefined);
    console.log(
      `nginx corpus: ${corpus.length} sites, ${outcomes.length} requests, ${wrong.length} disagree (${open.length} open)`,
    );
    for (const each of open) console.log(`  open (${(each.site as CorpusEntry).open}) ${describeOutcome(each)}`);
    const fixed = wrong.filter((each) => !open.includes(each));
    expect(fixed.map((each) => `${describeOutcome(each)}\n${each.site.text}`)).toEqual([]);
  }, 30_000);

  it('reaches every class the issue names: the seed writes each directive form and request kind', () => {
    // Guards the generator, not hoplens: a change that stopped writing a class would prove nothing about it.
    const sites = fc.sample(batch, { seed: SEED, numRuns: BATCHES }).flat();
    const texts = sites.map((site) => site.text).join('\n');
    const paths = sites.flatMap((site) => site.requests.map((request) => request.path)).join('\n');
    const forms = [
      /location = \//,
      /location \^~ \//,
      /location ~ /,
      /location ~\* /,
      /rewrite \S+ \S+ permanent;/,
      /rewrite \S+ \S+ redirect;/,
      /rewrite \S+ \S+ last;/,
      /return 30[1278] \/\/cdn\.example\$uri/,
      /\$request_uri/,
      /\$is_args\$args/,
      /\?from=\$1/,
      /error_page 404 =301 https:/,
      /try_files \$uri @fallback;/,
      /try_files \$uri \$uri\/ =404;/,
      /try_files \$uri \$uri\/ \/index\.html;/,
      /try_files \$uri \/p\.php\?\$args;/,
      /error_page 403 404 https:/,
      // `default_server` in a later block than the first.
      /\}\nserver \{\n {2}listen 127\.0\.0\.1:__PORT__ default_server;/,
      /server_name .*~\^\(\?<sub>/,
      /\/s\/\$sub/,
    ];
    expect(forms.filter((form) => !form.test(texts)).map(String)).toEqual([]);
    // Roots holding a file, a folder with an index and one without: what `--docroot` tells hoplens.
    const files = new Set(sites.flatMap((site) => site.files ?? []));
    expect([...files].sort()).toEqual(expect.arrayContaining(['/a/index.html', '/docs/', '/old.html', '/x.html']));
    expect(paths).toMatch(/%26/);
    expect(paths).toMatch(/\/\//);
  });
});

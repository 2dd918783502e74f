/**
 * `hoplens compare` from the built executable: a loopback site (test/helpers/changing-site.ts) crawled twice by the
 * built `hoplens crawl --state`, its answers changed between the crawls, then compared in each format; `--fail-on`
 * turns the kinds it names into exit 1; an unknown kind and a folder that is no crawl state are usage errors (2).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../src/compare/index.js';
import { COMPARE_CSV_COLUMNS } from '../../src/formats/compare/compare-csv.js';
import { type ChangingSite, type ModelPage, type SiteModel, startChangingSite } from '../helpers/changing-site.js';
import { assertBuilt, killChildren, ROOT, spawnCli, tempDir } from '../helpers/cli.js';

const page = (path: string, extra: Partial<ModelPage> = {}): [string, ModelPage] => [
  path,
  { status: 200, title: `Title of ${path}`, canonical: path, ...extra },
];

/** Before: four pages. After: /gone/ answers 404, /moved/ redirects, /quiet/ says noindex, /renamed/ has a new title. */
function model(after: boolean): SiteModel {
  const pages = new Map<string, ModelPage>([
    page('/kept/'),
    page('/gone/'),
    page('/moved/'),
    page('/quiet/'),
    page('/renamed/'),
  ]);
  if (after) {
    pages.set('/gone/', { status: 404 });
    pages.set('/moved/', { status: 301, location: '/kept/' });
    pages.set('/quiet/', page('/quiet/', { noindex: 'header' })[1]);
    pages.set('/renamed/', page('/renamed/', { title: 'A new title' })[1]);
  }
  return { pages, disallow: new Set() };
}

/** The planted changes, as `kind path`. */
const PLANTED = [
  'page_lost /gone/',
  'noindex_added /quiet/',
  'redirect_new /moved/',
  'link_to_redirect /moved/',
  'title_changed /renamed/',
];

let site: ChangingSite;
let dir: { path: string; remove: () => Promise<void> };
const at = (name: string) => join(dir.path, name);
const path = (url: string) => url.replace(site.origin, '');

async function crawl(state: string): Promise<void> {
  const out = await spawnCli(['crawl', `${site.origin}/`, '--state', state, '--format', 'json', '--no-progress'], {
    cwd: dir.path,
    timeoutMs: 60_000,
  });
  expect(out.stderr).not.toMatch(/internal error/);
}

beforeAll(async () => {
  assertBuilt();
  dir = await tempDir();
  site = await startChangingSite();
  site.serve(model(false));
  await crawl('before');
  site.serve(model(true));
  await crawl('after');
}, 120_000);
afterAll(async () => {
  await site?.close();
  await dir?.remove();
});
afterEach(killChildren);

const compare = (args: string[]) => spawnCli(['compare', ...args], { cwd: dir.path, timeoutMs: 60_000 });

describe('hoplens compare', () => {
  it('json: every planted change and nothing else, ranked, with the figures', async () => {
    const out = await compare(['before', 'after', '--format', 'json']);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout);
    const found = report.changes.map((change: { kind: string; url: string }) => `${change.kind} ${path(change.url)}`);
    expect(found).toEqual(PLANTED);
    expect(report.summary).toMatchObject({ changes: PLANTED.length, pagesNew: 0 });
    expect(report.summary.byKind).toMatchObject({ page_lost: 1, noindex_added: 1, status_changed: 0 });
    const lost = report.changes[0];
    expect(lost).toMatchObject({ before: '200', after: '404' });
    // The summary line goes to stderr when stdout carries a format.
    expect(out.stderr).toMatch(/5 changes between 6 pages before and 6 after \(0 new\)/);
  }, 60_000);

  it('table: a heading per kind in rank order, the changes under it, the summary last', async () => {
    const out = await compare(['before', 'after']);
    expect(out.code).toBe(0);
    const headings = out.stdout.split('\n').filter((line) => /^[a-z_]+ \(\d+\)$/.test(line));
    expect(headings).toEqual([
      'page_lost (1)',
      'noindex_added (1)',
      'redirect_new (1)',
      'link_to_redirect (1)',
      'title_changed (1)',
    ]);
    expect(out.stdout).toContain(`${site.origin}/gone/`);
    expect(out.stdout.trim().split('\n').at(-1)).toMatch(/^5 changes between 6 pages before and 6 after/);
  }, 60_000);

  it('csv: the header and one row a change, in rank order', async () => {
    const out = await compare(['before', 'after', '--format', 'csv']);
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toBe(COMPARE_CSV_COLUMNS.join(','));
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((cells) => `${cells[0]} ${path(cells[1]!)}`)).toEqual(PLANTED);
    expect(rows[0]!.slice(2, 4)).toEqual(['200', '404']);
  }, 60_000);

  it('html to -o: a self-contained page with a section per kind found', async () => {
    const out = await compare(['before', 'after', '--format', 'html', '-o', 'changes.html']);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/5 changes between/);
    const text = await readFile(at('changes.html'), 'utf8');
    expect(text).toMatch(/^<!doctype html>/i);
    for (const kind of ['page_lost', 'noindex_added', 'redirect_new', 'link_to_redirect', 'title_changed'])
      expect(text).toContain(`id="kind-${kind}"`);
    expect(text).not.toContain('id="kind-status_changed"');
    // Self-contained: nothing fetched from elsewhere.
    expect(text).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  }, 60_000);

  it('--fail-on: exit 1 when a named kind is found, 0 when none is', async () => {
    const failing = await compare(['before', 'after', '--format', 'json', '--fail-on', 'status_changed,page_lost']);
    expect(failing.code).toBe(1);
    expect(JSON.parse(failing.stdout).changes).toHaveLength(PLANTED.length);
    const any = await compare(['before', 'after', '--fail-on', 'any']);
    expect(any.code).toBe(1);
    const passing = await compare(['before', 'after', '--fail-on', 'robots_disallowed,canonical_changed']);
    expect(passing.code).toBe(0);
    const same = await compare(['before', 'before', '--fail-on', 'any']);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^0 changes between 6 pages before and 6 after/m);
  }, 60_000);

  it('an unknown --fail-on kind is a usage error (2) naming the kinds', async () => {
    const out = await compare(['before', 'after', '--fail-on', 'page_lost,pages_lost']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('pages_lost');
    expect(out.stderr).toContain('page_lost');
    expect(out.stdout).toBe('');
  }, 60_000);

  it('--help: every kind in rank order, and a link to a heading the served docs give', async () => {
    const out = await compare(['--help']);
    expect(out.code).toBe(0);
    const listed = out.stdout
      .match(/Kinds of change[^\n]*\n([\s\S]*?)\n\n/)![1]!
      .split(/[,\s]+/)
      .filter(Boolean);
    expect(listed).toEqual([...CHANGE_KINDS]);
    const anchor = out.stdout.match(/See docs\/cli\.md#([a-z-]+)\./)![1];
    // The served pages' outline (test/service/doc-anchors.test.ts keeps it equal to what /docs/cli renders).
    const outline = JSON.parse(await readFile(join(ROOT, 'test/service/fixtures/doc-pages-outline.json'), 'utf8'));
    expect(outline.cli.headings).toContain(anchor);
  }, 60_000);

  it('a folder that is no crawl state, or a state of before, is a usage error (2) saying so', async () => {
    await mkdir(at('empty'), { recursive: true });
    const empty = await compare(['before', 'empty']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty holds no crawl state.*crawl with --state/);
    expect(empty.stdout).toBe('');
    // A state of before version 2: pages, no manifest.
    await mkdir(at('old'), { recursive: true });
    await writeFile(at('old/pages.ndjson'), '');
    const old = await compare(['old', 'after']);
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/old is a crawl state of an older hoplens.*crawl the site again with --state/);
  }, 60_000);

  it('crawl --revisit: a page the site no longer links to, started from again, is seen redirected, not lost', async () => {
    // After a move the new site links only to its new pages: /moved/ hidden from the home page as well as redirected.
    const moved = model(true);
    moved.pages.set('/moved/', { status: 301, location: '/kept/', hidden: true });
    site.serve(moved);
    const crawlAfter = (state: string, extra: string[]) =>
      spawnCli(['crawl', `${site.origin}/`, '--state', state, '--no-progress', ...extra], {
        cwd: dir.path,
        timeoutMs: 60_000,
      });
    const kindsOf = async (after: string) => {
      const out = await compare(['before', after, '--format', 'json']);
      const report = JSON.parse(out.stdout) as { changes: Array<{ kind: string; url: string }> };
      return report.changes.filter((change) => path(change.url) === '/moved/').map((change) => change.kind);
    };
    await crawlAfter('unlinked', []);
    expect(await kindsOf('unlinked')).toEqual(['page_lost']);
    await crawlAfter('revisited', ['--revisit', 'before']);
    expect(await kindsOf('revisited')).toEqual(['redirect_new']);
    site.serve(model(true));
  }, 120_000);
});

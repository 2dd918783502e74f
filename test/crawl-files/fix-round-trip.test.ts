/**
 * The files mode's `--fix --write` on a copy of the fixture repository inside a real git repository: git itself
 * says what changed (`git diff --word-diff=porcelain`), a second run finds no permanently redirected link left,
 * and with `--fix-temporary` no redirecting link at all. The link forms are CommonMark's (spec 0.31.2,
 * https://spec.commonmark.org/0.31.2/): inline links and images (6.3 #links, 6.4 #images) in paragraphs, block
 * quotes, list items and GFM tables, link reference definitions (4.7 #link-reference-definitions: the definition is
 * rewritten, the first of two with one label is the one that counts), autolinks (6.5 #autolinks), raw HTML inline
 * and in HTML blocks (6.6 #raw-html, 4.6 #html-blocks), nothing inside fenced or indented code (4.5, 4.4); bare URLs
 * are GFM's autolink extension (https://github.github.com/gfm/#autolinks-extension-). Fragments follow RFC 9110
 * 10.2.2: a redirect without its own fragment keeps the link's. The user request: lychee issue #2044 ("auto-update/
 * fix redirects").
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkServer, startLinkServer } from './link-server.js';
import { runFiles } from './run-files.js';

const run = promisify(execFile);
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'crawl-files');

/** Every rewrite `--fix` must make (old target → new target), in file order: nothing else may change. */
const PERMANENT_REWRITES: ReadonlyArray<readonly [string, string]> = [
  // README.md
  ['http://links.test/old-301', 'http://links.test/new'],
  ['http://links.test/old-308', 'http://links.test/new-308'],
  ['http://links.test/chain', 'http://links.test/chain-end'],
  ['http://links.test/frag-old#install-steps', 'http://links.test/frag-new#install-steps'],
  ['http://links.test/frag-own#mine', 'http://links.test/frag-new#own'],
  ['http://links.test/old-301?via=angle', 'http://links.test/new?via=angle'],
  ['http://links.test/img-old.png', 'http://links.test/img-new.png'],
  ['http://links.test/badge-old.svg', 'http://links.test/badge-new.svg'],
  ['http://links.test/old-301#badge', 'http://links.test/new#badge'],
  ['http://links.test/auto-old', 'http://links.test/auto-new'],
  ['http://links.test/bare-old', 'http://links.test/bare-new'],
  ['http://links.test/html-old', 'http://links.test/html-new'],
  ['http://links.test/cross', 'http://other.test/landing'],
  ['/docs/old-page', '/docs/new-page'],
  // A meta refresh of delay 0 is a permanent redirect as Google reads it (the core labels the hop so).
  ['http://links.test/meta-old', 'http://links.test/meta-new'],
  ['http://links.test/old-301?in=quote', 'http://links.test/new?in=quote'],
  ['http://links.test/old-301?in=table', 'http://links.test/new?in=table'],
  ['http://links.test/old-308?in=block', 'http://links.test/new-308?in=block'],
  ['http://links.test/img-old.png?in=block', 'http://links.test/img-new.png?in=block'],
  ['http://links.test/old-301?ref=full', 'http://links.test/new?ref=full'],
  ['http://links.test/chain?ref=collapsed', 'http://links.test/chain-end?ref=collapsed'],
  // docs/guide.md: relative links stay relative on the base's origin, in the form they were written.
  ['old-page', 'new-page'],
  ['../docs/old-page#usage', 'new-page#usage'],
  ['/docs/old-page?x=1', '/docs/new-page?x=1'],
  ['/cross', 'http://other.test/landing'],
  ['//links.test/old-301?scheme=relative', '//links.test/new?scheme=relative'],
  // docs/page.mdx
  ['http://links.test/old-301?in=mdx', 'http://links.test/new?in=mdx'],
  ['http://links.test/old-308?in=jsx', 'http://links.test/new-308?in=jsx'],
  // docs/windows.md (CRLF)
  ['http://links.test/old-301?eol=crlf', 'http://links.test/new?eol=crlf'],
  ['http://links.test/chain?eol=crlf', 'http://links.test/chain-end?eol=crlf'],
  // site/index.html
  ['http://links.test/style-old.css', 'http://links.test/style-new.css'],
  ['http://links.test/app-old.js', 'http://links.test/app-new.js'],
  ['http://links.test/old-301?a=1&amp;b=2', 'http://links.test/new?a=1&amp;b=2'],
  ['http://links.test/old-308?unquoted', 'http://links.test/new-308?unquoted'],
  ['http://links.test/img-old.png?in=html', 'http://links.test/img-new.png?in=html'],
  ['/docs/old-page#top', '/docs/new-page#top'],
];

/** The links left for `--fix-temporary`: a temporary redirect somewhere in their chain. */
const TEMPORARY_REWRITES: ReadonlyArray<readonly [string, string]> = [
  ['http://links.test/temp-302', 'http://links.test/new-temp'],
  ['http://links.test/mixed', 'http://links.test/mixed-end'],
  ['http://links.test/meta-delayed', 'http://links.test/meta-new'],
  ['http://links.test/temp-302?ref=shortcut', 'http://links.test/new-temp?ref=shortcut'],
  ['http://links.test/temp-302?in=iframe', 'http://links.test/new-temp?in=iframe'],
];

/** The broken links, on their lines: never rewritten, always reported. */
const BROKEN = [
  'README.md:12:21: error link_to_error',
  'README.md:12:68: error link_to_error',
  'README.md:13:20: error redirect_loop_linked',
  'docs/guide.md:9:21: error link_to_error',
  'site/index.html:15:12: error link_to_error',
];

const git = (cwd: string, ...args: string[]) => run('git', args, { cwd, timeout: 10_000 });

/** The (removed, added) pairs of `git diff --word-diff=porcelain`, words being runs between Markdown/HTML delimiters. */
async function changedWords(cwd: string): Promise<Array<[string, string]>> {
  const { stdout } = await git(cwd, 'diff', '--word-diff=porcelain', `--word-diff-regex=[^][()<>"' \t\r]+`, 'HEAD');
  const pairs: Array<[string, string]> = [];
  let removed: string | undefined;
  for (const line of stdout.split('\n')) {
    if (line.startsWith('-') && !line.startsWith('---')) removed = line.slice(1);
    else if (line.startsWith('+') && !line.startsWith('+++')) {
      pairs.push(...tokenPairs(removed ?? '', line.slice(1)));
      removed = undefined;
    }
  }
  return pairs;
}

/**
 * The differing tokens of one changed run: git joins neighbouring changed words with what lies between them
 * (`badge-old.svg)](…old-301#badge`), and takes an unquoted attribute's name with its value (`href=…`).
 */
function tokenPairs(removed: string, added: string): Array<[string, string]> {
  const split = (text: string) => text.split(/[\][()<>"' \t\r]+/).filter((token) => token !== '');
  const after = split(added);
  return split(removed).flatMap((old, i): Array<[string, string]> => {
    const now = after[i] ?? '';
    if (old === now) return [];
    const name = /^[a-z-]+=/.exec(old)?.[0];
    return name !== undefined && now.startsWith(name)
      ? [[old.slice(name.length), now.slice(name.length)]]
      : [[old, now]];
  });
}

const FLAGS = (server: LinkServer) => ({ connectTo: server.connectTo, base: 'http://links.test/' });

describe('crawl <files> --fix --write on a git repository', () => {
  let server: LinkServer;
  let repo: string;

  beforeAll(async () => {
    server = await startLinkServer();
    repo = await mkdtemp(join(tmpdir(), 'hoplens-crawl-files-'));
    await cp(FIXTURE, repo, { recursive: true });
    await git(repo, 'init', '-q');
    await git(repo, 'config', 'core.autocrlf', 'false');
    await git(repo, 'add', '-A');
    await git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'fixture');
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    if (repo !== undefined) await rm(repo, { recursive: true, force: true });
  });

  it('reports every redirecting and broken link on its line and column, following each URL once', async () => {
    const first = await runFiles(['.'], FLAGS(server), repo);
    expect(first.code).toBe(1);
    const lines = first.stdout.trim().split('\n');
    // One place per link: a chain is both link_to_redirect and link_to_chain, a redirect to a 404 a redirect and an error.
    expect(places(lines)).toHaveLength(PERMANENT_REWRITES.length + TEMPORARY_REWRITES.length + BROKEN.length);
    expect(places(lines.filter((line) => line.includes('(permanent: --fix rewrites it)')))).toHaveLength(
      PERMANENT_REWRITES.length,
    );
    for (const broken of BROKEN) expect(lines.some((line) => line.startsWith(broken))).toBe(true);
    // README.md line 6 is `- Inline link, permanent: [install guide](http://…`: the target starts at column 43.
    expect(lines[0]).toMatch(/^README\.md:6:43: warning link_to_redirect: .* points at http:\/\/links\.test\/old-301,/);
    // Fenced and indented code, a second definition of a label and a JSX expression are no links.
    expect(first.stdout).not.toMatch(/in=code|in=indented|never-read|links\.old/);
    // old-301 is linked twice (once with a fragment), /docs/old-page three times (rooted, sibling, `../docs/…#usage`
    // resolved under --base): each is requested once.
    expect(server.hits.get('http://links.test/old-301')).toBe(1);
    expect(server.hits.get('http://links.test/docs/old-page')).toBe(1);
    expect(server.hits.get('http://links.test/new')).toBe(1);
  });

  it('prints a diff that git applies, and writes the same change with --write', async () => {
    const printed = await runFiles(['.'], { ...FLAGS(server), fix: true }, repo);
    await writeFile(join(repo, '..', 'crawl-files.patch'), printed.stdout);
    await git(repo, 'apply', '--check', join(repo, '..', 'crawl-files.patch'));
    expect(await changedWords(repo)).toEqual([]);
    const written = await runFiles(['.'], { ...FLAGS(server), fix: true, write: true }, repo);
    expect(written.stdout).toBe('');
    expect(written.stderr).toMatch(/README\.md: 21 links rewritten/);
    expect(await changedWords(repo)).toEqual(PERMANENT_REWRITES);
    const { stdout: patch } = await git(repo, 'diff', 'HEAD');
    expect(patch.replace(/^index .*\n/m, '')).toContain(printed.stdout.split('\n').slice(2, 8).join('\n'));
    // The CRLF file keeps its line endings.
    const crlf = await readFile(join(repo, 'docs', 'windows.md'), 'utf8');
    expect(crlf.split('\r\n')).toHaveLength(5);
    await rm(join(repo, '..', 'crawl-files.patch'), { force: true });
  });

  it('finds no permanently redirected link on a second run, and none at all after --fix-temporary', async () => {
    const second = await runFiles(['.'], FLAGS(server), repo);
    const redirecting = second.stdout.split('\n').filter((line) => / instead/.test(line));
    expect(places(redirecting)).toHaveLength(TEMPORARY_REWRITES.length);
    expect(redirecting.every((line) => line.endsWith('(temporary: --fix-temporary rewrites it)'))).toBe(true);
    const temporary = await runFiles(['.'], { ...FLAGS(server), fix: true, fixTemporary: true, write: true }, repo);
    expect(temporary.code).toBe(1); // the broken links are still there
    expect(await changedWords(repo)).toEqual(
      [...PERMANENT_REWRITES, ...TEMPORARY_REWRITES].sort(byPlaceIn(await fixtureOrder())),
    );
    const third = await runFiles(['.'], FLAGS(server), repo);
    expect(third.stdout.split('\n').filter((line) => / instead/.test(line))).toEqual([]);
    expect(places(third.stdout.trim().split('\n'))).toHaveLength(BROKEN.length);
  });
});

/** The distinct `file:line:column` places of finding lines. */
function places(lines: readonly string[]): string[] {
  return [...new Set(lines.map((line) => line.split(': ')[0] ?? ''))];
}

/** Each old target's offset in the fixture's files, read in the order the diff lists them. */
async function fixtureOrder(): Promise<Map<string, number>> {
  const files = ['README.md', 'docs/guide.md', 'docs/page.mdx', 'docs/windows.md', 'site/index.html'];
  const order = new Map<string, number>();
  let base = 0;
  for (const file of files) {
    const text = await readFile(join(FIXTURE, file), 'utf8');
    for (const [old] of [...PERMANENT_REWRITES, ...TEMPORARY_REWRITES]) {
      const at = findTarget(text, old);
      if (at >= 0 && !order.has(old)) order.set(old, base + at);
    }
    base += text.length + 1;
  }
  return order;
}

/** Where a target is written: preceded by a delimiter and followed by one, so `/chain` is not found in `/chain?…`. */
function findTarget(text: string, target: string): number {
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<=[\\s(<"'=])${escaped}(?=[\\s)>"'])`).exec(text)?.index ?? -1;
}

function byPlaceIn(order: Map<string, number>) {
  return (a: readonly [string, string], b: readonly [string, string]) => order.get(a[0])! - order.get(b[0])!;
}

/**
 * A vercel.json's `bulkRedirectsPath`, followed as Vercel finds bulk redirects. Authorities (no runnable oracle exists
 * for bulk redirects): Vercel's bulk redirects pages, https://vercel.com/docs/routing/redirects/bulk-redirects and
 * its getting-started guide (`bulkRedirectsPath` names "a single file or a folder with up to 100 files", "any
 * combination of CSV, JSON, and JSONL files"; each redirect's `source` is "an absolute path that matches each incoming
 * pathname (excluding query string)"; `permanent` defaults to false (307), `statusCode` overrides it; `caseSensitive`
 * and `query` default to false; CSV booleans may be `t`/`f`; Vercel "processes them before any other route").
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOfContent, parseRulesText, planInput } from '../../src/inputs/index.js';
import { tempDirPerTest } from '../helpers/cli.js';

const dirPath = tempDirPerTest();

/** Writes files under the test's folder, then reads its vercel.json as lint does (offline, shadowed rules kept). */
async function readSet(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dirPath(), name, '..'), { recursive: true });
    await writeFile(join(dirPath(), name), text);
  }
  const plan = await planInput('vercel.json', {}, { cwd: dirPath(), offline: true });
  return parseRulesText(plan, files['vercel.json']!);
}

/** The rows as `place source → target status`, places as a person opens them. */
function rowsOf(loaded: Awaited<ReturnType<typeof readSet>>): string[] {
  return loaded.rows.map((row) => {
    const place = loaded.places?.locate(row.line) ?? { line: row.line };
    const at = place.file === undefined ? `${place.line}` : `${place.file}:${place.line}`;
    return `${at} ${new URL(row.source).pathname} → ${row.target?.replace('https://rules.invalid', '')} ${row.status}`;
  });
}

const VERCEL = (path: unknown, redirects = '[]') =>
  `{\n  "bulkRedirectsPath": ${JSON.stringify(path)},\n  "redirects": ${redirects}\n}\n`;

describe('bulkRedirectsPath', () => {
  it('reads a folder of CSV, JSON and JSONL files by name, before the vercel.json redirects', async () => {
    const loaded = await readSet({
      'vercel.json': VERCEL('redirects', '[{ "source": "/own", "destination": "/mine" }]'),
      'redirects/a.csv': 'source,destination,permanent\n/old-blog,/blog,t\n/old-about,/about,f\n',
      'redirects/b.json': '[\n  {"source": "/x", "destination": "/y", "statusCode": 301}\n]\n',
      'redirects/c.jsonl': '{"source": "/p", "destination": "https://example.test/q"}\n',
      'redirects/notes.txt': 'not a bulk file\n',
    });
    expect(loaded.invalid).toEqual([]);
    expect(rowsOf(loaded)).toEqual([
      'redirects/a.csv:2 /old-blog → /blog 308',
      'redirects/a.csv:3 /old-about → /about 307',
      'redirects/b.json:2 /x → /y 301',
      'redirects/c.jsonl:1 /p → https://example.test/q 307',
      '3 /own → /mine 308',
    ]);
  });

  it('reads a single file, and a list of files and folders', async () => {
    const one = await readSet({ 'vercel.json': VERCEL('r.csv'), 'r.csv': 'source,destination\n/a,/b\n' });
    expect(rowsOf(one)).toEqual(['r.csv:2 /a → /b 307']);
    const list = await readSet({
      'vercel.json': VERCEL(['r.csv', 'more']),
      'r.csv': 'source,destination\n/a,/b\n',
      'more/z.jsonl': '{"source": "/c", "destination": "/d", "permanent": true}\n',
    });
    expect(rowsOf(list)).toEqual(['r.csv:2 /a → /b 307', 'more/z.jsonl:1 /c → /d 308']);
  });

  it('reads a bulk source as the exact path it writes: no patterns', async () => {
    const loaded = await readSet({
      'vercel.json': VERCEL('r.jsonl'),
      'r.jsonl': '{"source": "/blog/:slug", "destination": "/news"}\n{"source": "/all/*", "destination": "/"}\n',
    });
    expect(loaded.skipped).toEqual([]);
    expect(rowsOf(loaded)).toEqual(['r.jsonl:1 /blog/:slug → /news 307', 'r.jsonl:2 /all/* → / 307']);
  });

  it('says what is wrong on the line of the key or of the rule, in the file it is in', async () => {
    const missing = await readSet({ 'vercel.json': VERCEL('nowhere.csv') });
    expect(missing.invalid).toEqual([
      { line: 2, message: '"bulkRedirectsPath" "nowhere.csv": no such file or folder' },
    ]);
    const bad = await readSet({
      'vercel.json': VERCEL('r.jsonl'),
      'r.jsonl': `{"source": "/a", "destination": "/b", "caseSensitive": "yes"}\n{"source": "/${'x'.repeat(2048)}", "destination": "/b"}\n{"source": "/q?id=1", "destination": "/b"}\n`,
    });
    const invalid = bad.invalid.map(({ line, message }) => ({ ...bad.places!.locate(line), message }));
    expect(invalid).toEqual([
      { file: 'r.jsonl', line: 1, message: '"caseSensitive" must be true or false' },
      { file: 'r.jsonl', line: 2, message: `"source" is longer than Vercel's 2048 characters` },
    ]);
    expect(bad.skipped.map((item) => [bad.places!.locate(item.line).line, item.reason])).toEqual([
      [3, 'a query in the source (never matched)'],
    ]);
    expect((await readSet({ 'vercel.json': VERCEL(7) })).invalid[0]?.message).toMatch(/must be a path, or a list/);
  });

  it('refuses a folder of more than 100 files, as Vercel does', async () => {
    const files: Record<string, string> = { 'vercel.json': VERCEL('many') };
    for (let i = 0; i < 101; i++) files[`many/${String(i).padStart(3, '0')}.csv`] = 'source,destination\n';
    const loaded = await readSet(files);
    expect(loaded.invalid).toEqual([
      { line: 2, message: '"bulkRedirectsPath" names 101 files: Vercel reads at most 100' },
    ]);
    expect(loaded.rows).toEqual([]);
  });

  it('skips bulkRedirectsPath, saying why, when the vercel.json has no folder (standard input, pasted text)', async () => {
    const plan = await planInput('-', { input: 'vercel' }, { cwd: dirPath(), offline: true });
    const loaded = await parseRulesText(plan, VERCEL('r.csv'));
    expect(loaded.skipped).toEqual([
      {
        kind: 'skipped',
        line: 2,
        text: 'bulkRedirectsPath',
        reason: 'its files are read beside a vercel.json file, not from standard input or pasted text',
      },
    ]);
  });
});

describe("the vercel.json's matcher with its bulk redirects", () => {
  it('answers with a bulk rule first, case-insensitively unless caseSensitive, the query kept only with query', async () => {
    const loaded = await readSet({
      'vercel.json': VERCEL('r.jsonl', '[{ "source": "/Docs", "destination": "/vercel-docs" }]'),
      'r.jsonl': [
        '{"source": "/docs", "destination": "/manual", "permanent": true}',
        '{"source": "/Exact", "destination": "/e", "caseSensitive": true}',
        '{"source": "/keep", "destination": "/kept", "query": true}',
      ].join('\n'),
    });
    const rules = loaded.compiled!;
    const at = (path: string) => {
      const found = rules.match(new URL(path, 'https://rules.invalid'));
      if (found === undefined || 'problem' in found) return found;
      return `${loaded.places!.name(found.line)} ${found.target} ${found.status}`;
    };
    expect(at('/DOCS')).toBe('r.jsonl line 1 /manual 308');
    expect(at('/Docs')).toBe('r.jsonl line 1 /manual 308');
    expect(at('/Exact')).toBe('r.jsonl line 2 /e 307');
    expect(at('/exact')).toBeUndefined();
    expect(at('/keep?a=1')).toBe('r.jsonl line 3 /kept?a=1 307');
    expect(at('/docs?a=1')).toBe('r.jsonl line 1 /manual 308');
    // The vercel.json's own rule for /Docs never applies: the bulk rule answers first.
    expect(rules.shadowing(new URL('https://rules.invalid/Docs'), 3)).toMatchObject({ target: '/manual' });
  });
});

describe('detection by content', () => {
  it('reads JSON Lines of source/destination objects as bulk redirects, not a URL list', () => {
    const jsonl = '{"source": "/a", "destination": "/b"}\n{"source": "/c", "destination": "/d"}\n';
    expect(formatOfContent(jsonl)).toBe('vercel-bulk');
    expect(formatOfContent('{"bulkRedirectsPath": "redirects"}')).toBe('vercel');
    expect(formatOfContent('{"name": "x"}\n')).toBeUndefined();
  });
});

/**
 * `hoplens lint`, `fix` and `check` on a vercel.json whose `bulkRedirectsPath` names bulk redirect files: the rules
 * of every file linted as one set (bulk redirects first, as Vercel "processes them before any other route":
 * https://vercel.com/docs/routing/redirects/bulk-redirects), each finding and each fix on the file and line a person
 * opens; checked live against a loopback server that answers as the rules say.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const dirPath = tempDirPerTest();

const VERCEL = `{
  "bulkRedirectsPath": "redirects",
  "redirects": [
    { "source": "/start", "destination": "/moved", "permanent": true },
    { "source": "/Guide", "destination": "/handbook", "permanent": true }
  ]
}
`;
/** A chain from vercel.json into a bulk file, a loop across two bulk files, one source twice but for its case. */
const FILES: Record<string, string> = {
  'vercel.json': VERCEL,
  'redirects/1-main.csv': 'source,destination,permanent\n/moved,/final,true\n/a,/b,t\n/guide,/manual,t\n',
  'redirects/2-loop.jsonl': '{"source": "/b", "destination": "/a", "statusCode": 301}\n',
  'redirects/3-chain.json':
    '[\n  {"source": "/one", "destination": "/two", "permanent": true},\n  {"source": "/two", "destination": "/three", "permanent": true}\n]\n',
};

async function writeSet(files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dirPath(), name, '..'), { recursive: true });
    await writeFile(join(dirPath(), name), text);
  }
  return join(dirPath(), 'vercel.json');
}

describe('lint across the bulk redirect files', () => {
  it('finds chains, loops and shadowed rules across files, each on its own file and line', async () => {
    const vercel = await writeSet(FILES);
    const { code, stdout } = await runCli(['lint', vercel]);
    const dir = dirPath();
    expect(code).toBe(1);
    expect(stdout.replaceAll(dir, '.')).toBe(
      [
        './vercel.json:4: warning chain: chain of 2 redirects: /start → /moved → /final (redirects/1-main.csv line 2 redirects /moved again); point it at /final',
        './vercel.json:5: warning shadowed: never applies: redirects/1-main.csv line 4 answers /Guide first (→ /manual)',
        './redirects/1-main.csv:3: error cycle: redirect loop: /a → /b → /a (redirects/1-main.csv line 3, redirects/2-loop.jsonl line 1)',
        './redirects/3-chain.json:2: warning chain: chain of 2 redirects: /one → /two → /three (redirects/3-chain.json line 3 redirects /two again); point it at /three',
        'Summary: 1 error, 3 warnings; 8 rules linted',
        '',
      ].join('\n'),
    );
    const json = await runCli(['lint', vercel, '--format', 'ndjson']);
    const records = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.map((r) => [r.file.replace(dir, '.'), r.line, r.kind, r.related])).toEqual([
      ['./vercel.json', 4, 'chain', undefined],
      ['./vercel.json', 5, 'shadowed', undefined],
      ['./redirects/1-main.csv', 3, 'cycle', undefined],
      ['./redirects/3-chain.json', 2, 'chain', [3]],
    ]);
  });

  it('names a malformed rule by its own file and line', async () => {
    const vercel = await writeSet({
      'vercel.json': '{ "bulkRedirectsPath": "r.jsonl" }\n',
      'r.jsonl': '{"source": "/a", "destination": "/b"}\n{"source": "a", "destination": "/b"}\n',
    });
    const { code, stderr } = await runCli(['lint', vercel]);
    expect(code).toBe(2);
    expect(stderr.replaceAll(dirPath(), '.')).toContain(
      'hoplens: ./r.jsonl:2: "source" must be a path starting with /',
    );
  });
});

describe('fix across the bulk redirect files', () => {
  it('--check lists each rule it would change on its own file and line, writing nothing', async () => {
    const vercel = await writeSet(FILES);
    const { code, stdout } = await runCli(['fix', vercel, '--check']);
    expect(code).toBe(1);
    expect(
      stdout
        .replaceAll(dirPath(), '.')
        .split('\n')
        .map((line) => line.split(': ')[0]),
    ).toEqual(['./vercel.json:4', './redirects/3-chain.json:2', '2 rules fix would change', '']);
    expect(await readFile(join(dirPath(), 'redirects/3-chain.json'), 'utf8')).toBe(FILES['redirects/3-chain.json']);
  });

  it('rewrites the bulk files in place only with --write, each in its own form', async () => {
    const vercel = await writeSet(FILES);
    const refused = await runCli(['fix', vercel]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the fixes reach redirects/3-chain.json, which fix rewrites in place only');
    expect(refused.stdout).toBe('');
    const { code } = await runCli(['fix', vercel, '--write']);
    expect(code).toBe(0);
    const read = (name: string) => readFile(join(dirPath(), name), 'utf8');
    expect(await read('vercel.json')).toBe(VERCEL.replace('"/moved"', '"/final"'));
    expect(await read('redirects/3-chain.json')).toBe(
      FILES['redirects/3-chain.json']!.replace('"destination": "/two"', '"destination": "/three"'),
    );
    expect(await read('redirects/1-main.csv')).toBe(FILES['redirects/1-main.csv']);
    const again = await runCli(['lint', vercel, '--format', 'ndjson']);
    expect(again.stdout.split('\n').filter((line) => line.includes('"chain"'))).toEqual([]);
  });

  it('makes a fixed bulk rule permanent when it named no status, and says so on its line', async () => {
    const vercel = await writeSet({
      'vercel.json': '{ "bulkRedirectsPath": "r.jsonl" }\n',
      'r.jsonl': '{"source": "/a", "destination": "/b"}\n{"source": "/b", "destination": "/c"}\n',
    });
    const { code, stderr } = await runCli(['fix', vercel, '--write']);
    expect(code).toBe(0);
    expect(await readFile(join(dirPath(), 'r.jsonl'), 'utf8')).toBe(
      '{"source": "/a", "destination": "/c", "permanent": true}\n{"source": "/b", "destination": "/c"}\n',
    );
    expect(stderr.replaceAll(dirPath(), '.')).toContain('./r.jsonl:1: status 307 → 308');
  });
});

describe('check of a vercel.json with bulk redirects', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('checks every bulk rule live, beside the vercel.json ones', async () => {
    const vercel = await writeSet({
      'vercel.json': '{ "bulkRedirectsPath": "r.csv", "redirects": [{ "source": "/own", "destination": "/x" }] }\n',
      'r.csv': 'source,destination,permanent\n/bulk-a,/x,t\n/bulk-b,/x,f\n',
    });
    server = await startRedirectServer({
      '/own': { status: 308, location: '/x' },
      '/bulk-a': { status: 308, location: '/x' },
      // Deployed as permanent, though the file says temporary: the row fails.
      '/bulk-b': { status: 308, location: '/x' },
      '/x': { status: 200 },
    });
    const { code, stdout } = await runCli(['check', vercel, '--base-url', server.origin, '--format', 'ndjson']);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const outcomes = rows.filter((r) => r.source !== undefined).map((r) => [new URL(r.source).pathname, r.outcome]);
    expect(outcomes).toEqual([
      ['/bulk-a', 'passed'],
      ['/bulk-b', 'failed'],
      ['/own', 'passed'],
    ]);
    expect(code).toBe(1);
    // A bulk row says where it is written; the vercel.json's own row is on its line.
    expect(rows.filter((r) => r.source !== undefined).map((r) => r.place)).toEqual([
      { file: 'r.csv', line: 2 },
      { file: 'r.csv', line: 3 },
      undefined,
    ]);
  });

  it('puts a failed bulk row on its own file and line, for people and for CI', async () => {
    const vercel = await writeSet({
      'vercel.json': '{\n  "bulkRedirectsPath": "redirects/r.csv"\n}\n',
      // Line 4 repeats line 2's source: never applied, so skipped.
      'redirects/r.csv': 'source,destination,permanent\n/bulk-a,/x,t\n/bulk-b,/x,f\n/bulk-a,/y,t\n',
    });
    server = await startRedirectServer({
      '/bulk-a': { status: 308, location: '/x' },
      '/bulk-b': { status: 308, location: '/x' },
      '/x': { status: 200 },
    });
    const args = ['check', vercel, '--base-url', server.origin];
    const table = await runCli(args);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/FAIL .*\/bulk-b .*\(redirects\/r\.csv line 3\)\n/);
    expect(table.stdout).toMatch(/SKIP .*\/bulk-a +\(redirects\/r\.csv line 4: /);
    const env = { GITHUB_WORKSPACE: dirPath() };
    const github = await runCli([...args, '--format', 'github'], { env });
    expect(github.stdout).toMatch(/^::error file=redirects\/r\.csv,line=3,/m);
    expect(github.stdout).not.toMatch(/file=vercel\.json/);
    const junit = await runCli([...args, '--format', 'junit'], { env });
    expect(junit.stdout).toMatch(/<testcase [^>]*name="http:[^"]*\/bulk-b" file="[^"]*redirects\/r\.csv" line="3"/);
  });

  it('names a malformed bulk rule by its own file and line', async () => {
    const vercel = await writeSet({
      'vercel.json': '{ "bulkRedirectsPath": "r.jsonl" }\n',
      'r.jsonl': '{"source": "/a", "destination": "/b"}\n{"source": "a", "destination": "/b"}\n',
    });
    const { code, stderr } = await runCli(['check', vercel, '--base-url', 'http://127.0.0.1:9']);
    expect(code).toBe(2);
    expect(stderr.replaceAll(dirPath(), '.')).toContain(
      'hoplens: ./r.jsonl:2: "source" must be a path starting with /',
    );
  });
});

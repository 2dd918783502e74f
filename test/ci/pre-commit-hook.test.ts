/**
 * `.pre-commit-hooks.yaml`'s hook, run as pre-commit runs it: the staged files matched against its `files` pattern
 * (a Python `re.search`, which this pattern reads the same in JavaScript), then its `entry` split as a shell would,
 * with the matched file names appended (`pass_filenames: true`), in the repository's root; the commit is refused
 * when the command exits non-zero. https://pre-commit.com/#creating-new-hooks
 *
 * Debian's pre-commit (3.0.4) cannot install a `language: node` hook whose package has a `prepare` script: it reads
 * `npm pack`'s standard output as the tarball's name and gets npm's lifecycle banner with it (pre-commit/pre-commit
 * PR #3460), so the hook's entry is run here directly, with `hoplens` the executable built in dist/.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, ROOT, tempDirPerTest } from '../helpers/cli.js';

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames: boolean;
}

const dir = tempDirPerTest();

/** Runs the hook on `staged` (paths from the repository's root) as pre-commit would. */
async function runHook(hook: Hook, repo: string, staged: string[]) {
  const matched = staged.filter((path) => new RegExp(hook.files).test(path));
  const [command, ...args] = hook.entry.split(/\s+/);
  expect(command).toBe('hoplens');
  const child = spawn(process.execPath, [BIN, ...args, ...(hook.pass_filenames ? matched : [])], {
    cwd: repo,
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { matched, code, stdout };
}

describe('.pre-commit-hooks.yaml', () => {
  it('lints every staged rules file, and refuses the commit on a loop', async () => {
    const hooks = parse(await readFile(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
    const hook = hooks.find((h) => h.id === 'hoplens-lint')!;
    expect(hook.language).toBe('node');
    const repo = dir();
    const files: Record<string, string> = {
      'public/_redirects': '/a /b 301\n/b /c 301\n',
      'vercel.json': JSON.stringify({ redirects: [{ source: '/x', destination: '/x' }] }),
      'src/app.ts': 'export {};\n',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(repo, path, '..'), { recursive: true });
      await writeFile(join(repo, path), text);
    }
    const failing = await runHook(hook, repo, Object.keys(files));
    expect(failing.matched).toEqual(['public/_redirects', 'vercel.json']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('public/_redirects:1: warning chain');
    expect(failing.stdout).toContain('vercel.json:1: error self_redirect');
    const clean = await runHook(hook, repo, ['public/_redirects']);
    expect(clean.code).toBe(0);
  });
});

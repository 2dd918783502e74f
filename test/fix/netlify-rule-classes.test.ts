/**
 * A duplicate rule must not hide a chain (issue 42). Netlify applies the first rule that matches, and its parser
 * keeps the later of two identical rules (@netlify/redirect-parser, merge.js): with `/x /y`, `/y /z`, `/x /y`, a
 * request for /x is sent to /y, then /z, whichever copy answers (docs.netlify.com/routing/redirects, "Rule processing
 * order"). Before, lint reported only the duplicate and `fix --check` exited 0 on a file with a chain.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, runCli, spawnCli, tempDirPerTest } from '../helpers/cli.js';

const dir = tempDirPerTest();
const RULES = '/x /y\n/y /z\n/x /y\n';

async function rulesFile(): Promise<string> {
  const path = join(dir(), '_redirects');
  await writeFile(path, RULES);
  return path;
}

describe('a chain through a duplicated Netlify rule', () => {
  it('is reported by lint on the first copy, beside the duplicate', async () => {
    const { code, stdout } = await runCli(['lint', await rulesFile()]);
    expect(code).toBe(0);
    expect(stdout).toContain('_redirects:1: warning chain: chain of 2 redirects: /x → /y → /z');
    expect(stdout).toContain('_redirects:3: warning duplicate: duplicate of line 1');
    expect(stdout).not.toContain('rules.invalid');
  });

  it('makes fix --check exit 1, and fix point line 1 at the end of the chain', async () => {
    const path = await rulesFile();
    expect((await runCli(['fix', path, '--check'])).code).toBe(1);
    const { code } = await runCli(['fix', path, '--write']);
    expect(code).toBe(0);
    expect(await readFile(path, 'utf8')).toBe('/x /z\n/y /z\n/x /y\n');
  });

  // Issue 44 (the newcomer's trial, on the installed executable): the chain is found, `fix --check` fails the build,
  // and a chain through the copy names the line the file keeps, not the copy lint says to remove.
  it('the built executable: lint names the kept rule of a copied hop, fix --check exits 1, fix flattens both', async () => {
    assertBuilt();
    const path = join(dir(), '_redirects');
    await writeFile(path, '/a /x 301\n/x /y 301\n/y /z 301\n/x /y 301\n');
    const lint = await spawnCli(['lint', path], { timeoutMs: 30_000 });
    expect(lint.stdout).toContain(
      '_redirects:1: warning chain: chain of 3 redirects: /a → /x → /y → /z (line 2 redirects /x again)',
    );
    expect(lint.stdout).toContain(
      '_redirects:2: warning chain: chain of 2 redirects: /x → /y → /z (line 3 redirects /y again)',
    );
    expect(lint.stdout).toContain('_redirects:4: warning duplicate: duplicate of line 2: remove it');
    expect(lint.code).toBe(0);
    expect((await spawnCli(['fix', path, '--check'], { timeoutMs: 30_000 })).code).toBe(1);
    expect((await spawnCli(['fix', path, '--write'], { timeoutMs: 30_000 })).code).toBe(0);
    expect(await readFile(path, 'utf8')).toBe('/a /z 301\n/x /z 301\n/y /z 301\n/x /y 301\n');
    expect((await spawnCli(['fix', path, '--check'], { timeoutMs: 30_000 })).code).toBe(0);
  });
});

/**
 * Host-qualified rules, Netlify's domain-level redirects (docs.netlify.com/routing/redirects/redirect-options,
 * "Domain-level redirects"): a rule naming its host answers on that host only. Read offline, such a rule stays on its
 * host; before, it was moved onto the offline placeholder host, no rule answered it there, lint said nothing and fix
 * named the placeholder ("no rule answers https://rules.invalid/a").
 */
describe('host-qualified Netlify rules', () => {
  const HOSTED =
    'https://www.example.com/a https://www.example.com/b 301\nhttps://www.example.com/b https://www.example.com/c 301\n';

  it('are linted on their own host: the chain is reported, never the placeholder host', async () => {
    const path = join(dir(), '_redirects');
    await writeFile(path, HOSTED);
    const { stdout, stderr } = await runCli(['lint', path]);
    expect(stdout).toContain(
      '_redirects:1: warning chain: chain of 2 redirects: https://www.example.com/a → https://www.example.com/b → https://www.example.com/c',
    );
    expect(stdout + stderr).not.toContain('rules.invalid');
  });

  it('are flattened by fix on their own host', async () => {
    const path = join(dir(), '_redirects');
    await writeFile(path, HOSTED);
    const { stderr } = await runCli(['fix', path, '--write']);
    expect(stderr).not.toContain('rules.invalid');
    expect(await readFile(path, 'utf8')).toBe(
      'https://www.example.com/a https://www.example.com/c 301\nhttps://www.example.com/b https://www.example.com/c 301\n',
    );
  });
});

/**
 * A duplicate rule must not hide a chain (issue 42). Netlify applies the first rule that matches, and its parser
 * keeps the later of two identical rules (@netlify/redirect-parser, merge.js): with `/x /y`, `/y /z`, `/x /y`, a
 * request for /x is sent to /y, then /z, whichever copy answers (docs.netlify.com/routing/redirects, "Rule processing
 * order"). Before, lint reported only the duplicate and `fix --check` exited 0 on a file with a chain.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';

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
});

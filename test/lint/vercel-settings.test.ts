/**
 * `lint` and `fix` read a vercel.json's `trailingSlash` and `cleanUrls` (issue 42): before, a file whose redirects
 * those settings answer first, or redirect again, said "No findings". Settings documented at
 * vercel.com/docs/project-configuration/vercel-json; the generated comparison with Vercel's own routing code is
 * test/oracles/vercel-site.generated.test.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';

const dir = tempDirPerTest();

async function vercelJson(settings: Record<string, boolean>, redirects: [string, string][]): Promise<string> {
  const path = join(dir(), 'vercel.json');
  const rules = redirects.map(([source, destination]) => ({ source, destination }));
  await writeFile(path, `${JSON.stringify({ ...settings, redirects: rules }, null, 2)}\n`);
  return path;
}

describe('vercel.json settings that redirect', () => {
  it('trailingSlash: false answers /old/ before its rule, and redirects a rule target ending in /', async () => {
    const path = await vercelJson({ trailingSlash: false }, [
      ['/old/', '/new'],
      ['/a', '/b/'],
    ]);
    const { stdout } = await runCli(['lint', path]);
    expect(stdout).toContain('vercel.json:4: warning shadowed: never applies: line 2 answers /old/ first (→ /old)');
    expect(stdout).toContain('vercel.json:8: warning chain: chain of 2 redirects: /a → /b/ → /b');
  });

  it('trailingSlash: true and cleanUrls: fix points a rule at the URL Vercel ends on', async () => {
    const path = await vercelJson({ trailingSlash: true, cleanUrls: true }, [['/a/', '/about.html']]);
    expect((await runCli(['fix', path, '--check'])).code).toBe(1);
    expect((await runCli(['fix', path, '--write'])).code).toBe(0);
    expect(JSON.parse(await readFile(path, 'utf8')).redirects).toEqual([{ source: '/a/', destination: '/about/' }]);
  });
});

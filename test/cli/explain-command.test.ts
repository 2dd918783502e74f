/** `hoplens explain <type>`: a finding's section of docs/issues.md, for the terminal (src/cli/commands/explain.ts). */
import { describe, expect, it } from 'vitest';
import { ISSUE_HELP, ISSUE_TYPES } from '../../src/core/index.js';
import { CRAWL_ISSUE_TYPES, linkFindings, notReciprocal } from '../../src/crawl/index.js';
import { FINDING_HELP } from '../../src/formats/finding-help.js';
import { VARIANT_ISSUE_TYPES } from '../../src/variants/index.js';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer } from '../helpers/servers.js';

describe('hoplens explain', () => {
  it('prints the section of a type, as named or as its help', async () => {
    const byType = await runCli(['explain', 'temporary_redirect']);
    expect(byType.code).toBe(0);
    expect(byType.stdout).toMatch(/^## temporary_redirect\n\nSeverity: \*\*warning\*\*/);
    expect(byType.stdout).not.toContain('## meta_refresh');
    const byHelp = await runCli(['explain', ISSUE_HELP.not_https]);
    expect(byHelp.stdout.split('\n')[0]).toBe('## not_https');
  });

  // Driven by the rooms' own lists of finding kinds: a kind added to one of them and not explained fails here.
  it.each([...CRAWL_ISSUE_TYPES, ...VARIANT_ISSUE_TYPES])(
    'knows the %s finding of a crawl or a variants grid',
    async (type) => {
      const result = await runCli(['explain', type]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.split('\n')[0]).toBe(`## ${type}`);
      expect(result.stdout).toMatch(/Severity: \*\*(error|warning|info)\*\*/);
      // As the crawl's own report names it, too.
      const byHelp = await runCli(['explain', `docs/issues.md#${type}`]);
      expect(byHelp.stdout).toBe(result.stdout);
    },
  );

  it('every kind has a help page, and the crawl findings name the help explain reads', () => {
    expect(Object.keys(FINDING_HELP).sort()).toEqual(
      [...ISSUE_TYPES, ...VARIANT_ISSUE_TYPES, ...CRAWL_ISSUE_TYPES].sort(),
    );
    const link = { page: 'http://a.test/', element: 'a' as const, url: 'http://a.test/old', raw: '/old', text: 'old' };
    const findings = [
      ...linkFindings(link, { url: link.url, error: { code: 'TIMEOUT', message: 'timed out' } }),
      notReciprocal({ ...link, element: 'hreflang' }),
    ];
    for (const finding of findings) expect(finding.help).toBe(FINDING_HELP[finding.type]);
  });

  it('refuses an unknown type with exit 2, listing the types', async () => {
    const result = await runCli(['explain', 'redirect-loop']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no issue type "redirect-loop": one of redirect_loop, /);
    expect(result.stdout).toBe('');
  });

  it("is what the table of `hoplens URL` points at for hoplens's own sections", async () => {
    const server = await startRedirectServer({ '/': { status: 200, body: 'ok' } });
    try {
      const run = await runCli([`${server.origin}/`]);
      expect(run.stdout).toContain(`see ${ISSUE_HELP.not_https} (hoplens explain not_https)`);
    } finally {
      await server.close();
    }
  });
});

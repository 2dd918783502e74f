/** `hoplens explain <type>`: a finding's section of docs/issues.md, for the terminal (src/cli/commands/explain.ts). */
import { describe, expect, it } from 'vitest';
import { ISSUE_HELP } from '../../src/core/index.js';
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

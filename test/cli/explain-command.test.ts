/**
 * `hoplens explain <name>`: a finding's section of docs/issues.md, for the terminal, and what a lint kind, a CI type,
 * an error code or an exit status means, from the table that declares it (src/cli/commands/explain.ts, issue 44).
 */
import { describe, expect, it } from 'vitest';
import { ALL_CLI_ERROR_CODES } from '../../src/cli/errors.js';
import { EXIT, EXIT_STATUSES } from '../../src/cli/exit-codes.js';
import { ERROR_CODE_WORDS, ISSUE_HELP, ISSUE_TYPES } from '../../src/core/index.js';
import { CRAWL_ISSUE_TYPES, linkFindings, notReciprocal } from '../../src/crawl/index.js';
import { CI_RULE_WORDS } from '../../src/formats/ci/index.js';
import { FINDING_HELP } from '../../src/formats/finding-help.js';
import { LINT_KIND_TABLE, LINT_KINDS } from '../../src/lint/index.js';
import { SERVICE_ERROR_CODES } from '../../src/schemas/error-body.js';
import { VARIANT_ISSUE_TYPES } from '../../src/variants/index.js';
import { assertBuilt, runCli, spawnCli } from '../helpers/cli.js';
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

  it('refuses an unknown name with exit 2, listing every name it knows by sort', async () => {
    const result = await runCli(['explain', 'redirect-loop']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'no finding type, lint kind, CI type, error code or exit status "redirect-loop". Known finding types: redirect_loop, ',
    );
    expect(result.stderr).toContain(`lint kinds: ${LINT_KINDS.join(', ')}`);
    expect(result.stderr).toContain(`CI types: ${Object.keys(CI_RULE_WORDS).join(', ')}`);
    expect(result.stderr).toContain('; error codes: INVALID_URL, INVALID_OPTION, BLOCKED_DESTINATION, ');
    expect(result.stderr).toContain('exit statuses: 0, 1, 2, 70, 130, 143');
    expect(result.stdout).toBe('');
  });

  // Driven by the tables that declare each name: one added there and not explained fails here.
  const names = [
    ...LINT_KINDS,
    ...Object.keys(CI_RULE_WORDS),
    ...ALL_CLI_ERROR_CODES,
    ...SERVICE_ERROR_CODES,
    ...Object.values(EXIT).map(String),
  ];
  it.each(names)('explains %s in the words of its table', async (name) => {
    const result = await runCli(['explain', name]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^## (Exit status )?${name}\\n\\n`));
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

describe('hoplens explain, the built executable (issue 44: every name hoplens prints)', () => {
  it('explains an exit status: its words and the error codes that give it', async () => {
    assertBuilt();
    const result = await spawnCli(['explain', '2'], { timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^## Exit status 2\n\n/);
    expect(result.stdout).toContain(EXIT_STATUSES.USAGE.words);
    expect(result.stdout).toMatch(/The error codes that give it: `INVALID_URL`, `INVALID_OPTION`, `USAGE_ERROR`/);
  });

  it('explains an error code, with the exit status it gives, in lower case too when that is nothing else', async () => {
    const result = await spawnCli(['explain', 'BLOCKED_DESTINATION'], { timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^## BLOCKED_DESTINATION\n\nAn error code of the core/);
    expect(result.stdout).toContain('The command line exits with status 1 (`hoplens explain 1`).');
    expect(result.stdout).toContain(ERROR_CODE_WORDS.BLOCKED_DESTINATION);
    const lower = await spawnCli(['explain', 'connection_reset'], { timeoutMs: 30_000 });
    expect(lower.stdout).toContain(`## CONNECTION_RESET\n\nAn error code of the core`);
    // The finding of that name, as typed, is what a lower-case blocked_destination means.
    const finding = await spawnCli(['explain', 'blocked_destination'], { timeoutMs: 30_000 });
    expect(finding.stdout.split('\n')[0]).toBe('## blocked_destination');
  });

  it('explains a lint kind with its severity, a CI type, and each meaning of a name that has two', async () => {
    const lint = await spawnCli(['explain', 'cycle'], { timeoutMs: 30_000 });
    expect(lint.code, lint.stderr).toBe(0);
    expect(lint.stdout).toMatch(/^## cycle\n\nSeverity: \*\*error\*\*\. A kind of `hoplens lint` finding/);
    expect(lint.stdout).toContain(LINT_KIND_TABLE.cycle.words);
    const ci = await spawnCli(['explain', 'expectation_failed'], { timeoutMs: 30_000 });
    expect(ci.stdout).toContain(CI_RULE_WORDS.expectation_failed);
    const both = await spawnCli(['explain', 'INTERNAL_ERROR'], { timeoutMs: 30_000 });
    expect(both.stdout.match(/^## INTERNAL_ERROR$/gm)).toHaveLength(2);
    expect(both.stdout).toContain("An error code of the command line's own. The command line exits with status 70");
    expect(both.stdout).toContain('An error code of the API');
  });

  it('lists every sort of name it knows for an unknown word, with exit 2', async () => {
    const result = await spawnCli(['explain', 'nonsense'], { timeoutMs: 30_000 });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    for (const sort of ['finding types', 'lint kinds', 'CI types', 'error codes', 'exit statuses']) {
      expect(result.stderr).toContain(`${sort}: `);
    }
  });
});

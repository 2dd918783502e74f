/**
 * The CI formats of the offline commands: `lint` and `fix --check` annotate the line of a rules file that adds a
 * chain or a loop, with no network; GitHub's per-step cap of 10 error and 10 warning annotations is respected with
 * a notice for the rest; workflow-command values are encoded so that a colon, a comma, a percent sign or a newline
 * cannot end a command early.
 *
 * Authorities: https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands (the `::error
 * file=,line=,title=::` syntax, and the job summary); the runner's decoder in actions/runner
 * src/Runner.Common/ActionCommand.cs (read back by test/helpers/workflow-commands.ts); the 10-per-step limit in
 * https://docs.github.com/en/rest/checks/runs (annotations); SARIF 2.1.0's schema in test/fixtures/.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowCommandData, workflowCommandProperty } from '../../src/core/index.js';
import { workflowCommand } from '../../src/formats/ci/github-commands.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { validateSarif } from '../helpers/sarif-schema.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';

const dir = tempDirPerTest();

/** A rules file in a fake workspace, and the GitHub runner's environment around it. */
async function workspace(name: string, text: string, sub = 'public') {
  const root = join(dir(), sub);
  await mkdir(join(root, 'public'), { recursive: true });
  const path = join(root, 'public', name);
  await writeFile(path, text);
  const summary = join(root, 'summary.md');
  const env = { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: root, GITHUB_STEP_SUMMARY: summary };
  return { root, path, summary, env };
}

// A pull request adds line 3, which makes line 2 the start of a chain (/a -> /b -> /c).
const PR_REDIRECTS = '/x /y 301\n/a /b 301\n/b /c 301\n';

describe('lint in CI', () => {
  it('annotates the chain on its line, with no flag on a GitHub runner, and writes the job summary', async () => {
    const { path, env, summary } = await workspace('_redirects', PR_REDIRECTS);
    const { code, stdout } = await runCli(['lint', path], { env });
    expect(code).toBe(0); // a chain is a warning
    const warnings = parseAnnotations(stdout).filter((c) => c.command === 'warning');
    expect(warnings.map((w) => [w.properties.file, w.properties.line])).toEqual([['public/_redirects', '2']]);
    expect(warnings[0]!.properties.title).toBe('hoplens: chain: /a -> /b');
    // The message names where to point the rule once (issue 44: it read "point it at /c Suggested: /c").
    expect(warnings[0]!.message).toMatch(/point it at \/c$/);
    expect(stdout).toMatch(/^::group::/);
    expect(await readFile(summary, 'utf8')).toContain('## hoplens lint: `public/_redirects`');
  });

  it('writes SARIF valid against the OASIS schema, and several reports from one run', async () => {
    const { root, path } = await workspace('_redirects', `${PR_REDIRECTS}/loop /loop 301\n`);
    const sarifPath = join(root, 'lint.sarif');
    const { code, stdout } = await runCli(
      [
        'lint',
        path,
        '--format',
        'sarif',
        '--report',
        `gitlab=${join(root, 'gl.json')}`,
        '--report',
        `junit=${join(root, 'j.xml')}`,
      ],
      { cwd: root },
    );
    expect(code).toBe(1); // the self-redirect is an error
    await writeFile(sarifPath, stdout);
    const log = JSON.parse(stdout);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const results = log.runs[0].results.map(
      (r: {
        ruleId: string;
        level: string;
        locations: Array<{ physicalLocation: { region: { startLine: number } } }>;
      }) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.region.startLine],
    );
    expect(results).toEqual(
      expect.arrayContaining([
        ['chain', 'warning', 2],
        ['self_redirect', 'error', 4],
      ]),
    );
    const gitlab = JSON.parse(await readFile(join(root, 'gl.json'), 'utf8'));
    expect(gitlab.map((i: { location: { lines: { begin: number } } }) => i.location.lines.begin).sort()).toEqual([
      2, 4,
    ]);
    expect(await readFile(join(root, 'j.xml'), 'utf8')).toContain('<testsuites name="hoplens lint"');
  });

  it('keeps a machine format on stdout clean on a GitHub runner, and a table sent to --output plain', async () => {
    const { root, path, env, summary } = await workspace('_redirects', PR_REDIRECTS);
    const sarif = await runCli(['lint', path, '--format', 'sarif'], { env });
    expect(JSON.parse(sarif.stdout).version).toBe('2.1.0');
    expect(sarif.stdout).not.toContain('::');
    const table = await runCli(['lint', path, '--output', join(root, 'lint.txt')], { env });
    expect(await readFile(join(root, 'lint.txt'), 'utf8')).not.toContain('::');
    expect(table.stdout).toBe('');
    await expect(readFile(summary, 'utf8')).rejects.toThrow();
  });

  it('annotates at most 10 errors and 10 warnings, most severe first, and says how many more', async () => {
    const loops = Array.from({ length: 12 }, (_, i) => `/self${i} /self${i} 301\n`).join('');
    const chains = Array.from({ length: 13 }, (_, i) => `/c${i} /d${i} 301\n/d${i} /e${i} 301\n`).join('');
    const { path, env } = await workspace('_redirects', chains + loops);
    const { stdout } = await runCli(['lint', path, '--format', 'github'], { env });
    const commands = parseAnnotations(stdout);
    const levels = commands.filter((c) => ['error', 'warning', 'notice'].includes(c.command)).map((c) => c.command);
    expect(levels).toEqual([...Array(10).fill('error'), ...Array(10).fill('warning'), 'notice']);
    expect(commands.at(-1)!.message).toContain('5 more findings (2 errors, 3 warnings)');
  });
});

describe('--report FORMAT=FILE', () => {
  it('refuses a malformed value, an unknown format, two reports in one file and a report over the input', async () => {
    const { root, path } = await workspace('_redirects', PR_REDIRECTS);
    const out = join(root, 'r.sarif');
    for (const args of [
      ['--report', 'sarif'],
      ['--report', `pdf=${out}`],
      ['--report', `sarif=${out}`, '--report', `gitlab=${out}`],
      ['--report', `sarif=${path}`],
    ]) {
      const check = await runCli(['check', path, '--base-url', 'http://site.test', ...args]);
      expect(check.code, args.join(' ')).toBe(2);
      expect(check.stderr).toContain('--report');
      expect((await runCli(['lint', path, ...args])).code, args.join(' ')).toBe(2);
    }
    expect(await readFile(path, 'utf8')).toBe(PR_REDIRECTS);
  });
});

describe('fix --check', () => {
  it('exits 1 and annotates the rule fix would change; exits 0 on flat rules; writes nothing', async () => {
    const { path, env } = await workspace('_redirects', PR_REDIRECTS);
    const { code, stdout } = await runCli(['fix', path, '--check', '--format', 'github'], { env });
    expect(code).toBe(1);
    const errors = parseAnnotations(stdout).filter((c) => c.command === 'error');
    expect(errors.map((e) => [e.properties.file, e.properties.line])).toEqual([['public/_redirects', '2']]);
    expect(errors[0]!.message).toContain('point it straight at /c');
    expect(await readFile(path, 'utf8')).toBe(PR_REDIRECTS);
    const flat = await workspace('_redirects', '/a /c 301\n/b /c 301\n', 'flat');
    expect((await runCli(['fix', flat.path, '--check'], { env: flat.env })).code).toBe(0);
  });

  it("names a host-qualified rule's destination with its host, as lint does (it once read /c)", async () => {
    // Netlify's domain-level redirects: https://docs.netlify.com/routing/redirects/redirect-options/#domain-level-redirects
    const text =
      'https://www.example.com/a https://www.example.com/b 301\nhttps://www.example.com/b https://www.example.com/c 301\n';
    const { path } = await workspace('_redirects', text, 'hosts');
    const { code, stdout } = await runCli(['fix', path, '--check']);
    expect(code).toBe(1);
    expect(stdout).toContain('point it straight at https://www.example.com/c (hoplens fix --write)');
    expect((await runCli(['lint', path])).stdout).toContain('point it at https://www.example.com/c');
  });

  it('refuses --check with --write, and --format without --check', async () => {
    const { path } = await workspace('_redirects', PR_REDIRECTS);
    expect((await runCli(['fix', path, '--check', '--write'])).stderr).toContain('--check writes nothing');
    expect((await runCli(['fix', path, '--format', 'sarif'])).code).toBe(2);
  });
});

describe('workflow-command encoding', () => {
  it('encodes what would end a command early, and the runner reads it back unchanged', () => {
    const title = 'chain: /a,b -> /c%20d';
    const message = 'line one\r\nline two: 100% sure, really';
    const line = workflowCommand('error', { file: 'a,b:c.txt', line: 3, title }, message);
    expect(line).toBe(
      '::error file=a%2Cb%3Ac.txt,line=3,title=chain%3A /a%2Cb -> /c%2520d::line one%0D%0Aline two: 100%25 sure, really\n',
    );
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    const [read] = parseAnnotations(line);
    expect(read).toEqual({ command: 'error', properties: { file: 'a,b:c.txt', line: '3', title }, message });
    expect(workflowCommandData('%0A')).toBe('%250A');
    expect(workflowCommandProperty('%3A')).toBe('%253A');
  });
});

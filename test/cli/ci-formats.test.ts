/**
 * The CI formats on real inputs of every kind (a `_redirects`, a `vercel.json`, a CSV, a sitemap), checked live
 * against a loopback server: each failing row must be reported on its own line of its own file, the same in GitHub's
 * annotations, SARIF, GitLab's Code Quality report and the Markdown summary, all four written by one run
 * (`--format github` on stdout, the others by `--report FORMAT=FILE`).
 *
 * Authorities: GitHub's workflow commands and their encoding
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands; the runner's decoder,
 * actions/runner src/Runner.Common/ActionCommand.cs); SARIF 2.1.0 (OASIS, the schema vendored in
 * test/fixtures/sarif-schema-2.1.0.json, source in test/fixtures/README.md); GitLab's Code Quality report
 * (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { ruleFileServer } from '../helpers/rule-file-cases.js';
import { validateSarif } from '../helpers/sarif-schema.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(ruleFileServer);
});
afterAll(async () => {
  await server.close();
});
const dir = tempDirPerTest();
const site = () => `http://site.test:${server.port}`;

/**
 * An input, with the lines its failing rows are on. The server: /old 301 and /temp 302 to /new (200), /gone 410,
 * anything else 404.
 */
interface InputCase {
  name: string;
  text: () => string;
  flags: () => string[];
  failing: number[];
}

const CASES: InputCase[] = [
  {
    name: '_redirects',
    // Line 3 expects a 301 where the site answers 302; line 5's page is gone (410).
    text: () => '# moved pages\n/old /new 301\n/temp /new 301\n\n/gone /new 301\n',
    flags: () => ['--base-url', site()],
    failing: [3, 5],
  },
  {
    name: 'vercel.json',
    // Pretty-printed as people keep it: each rule's object on its own lines, its finding on the object's first line
    // (3 and 8). `permanent: true` is a 308 (https://vercel.com/docs/project-configuration#redirects); the site
    // answers /old with 301 and /temp with 302, so both fail.
    text: () =>
      JSON.stringify(
        {
          redirects: [
            { source: '/old', destination: '/new', permanent: true },
            { source: '/temp', destination: '/new', permanent: true },
          ],
        },
        null,
        2,
      ),
    flags: () => ['--base-url', site()],
    failing: [3, 8],
  },
  {
    name: 'moves.csv',
    // Line 3 expects /elsewhere; line 4 expects a 301 where the site answers 302.
    text: () =>
      `source,target,status\n${site()}/old,${site()}/new,301\n${site()}/old,${site()}/elsewhere,301\n${site()}/temp,${site()}/new,301\n`,
    flags: () => [],
    failing: [3, 4],
  },
  {
    name: 'sitemap.xml',
    // A sitemap lists final URLs: the <loc> on line 7 redirects, the one on line 10 is gone.
    text: () =>
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>',
        `    <loc>${site()}/new</loc>`,
        '  </url>',
        '  <url>',
        `    <loc>${site()}/old</loc>`,
        '  </url>',
        '  <url>',
        `    <loc>${site()}/gone</loc>`,
        '  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    flags: () => [],
    failing: [7, 10],
  },
];

interface SarifLog {
  runs: Array<{
    tool: { driver: { informationUri?: string; rules: Array<{ id: string; helpUri?: string }> } };
    results: Array<{
      ruleId: string;
      level: string;
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
      partialFingerprints: Record<string, string>;
    }>;
  }>;
}

/** Runs `check` on the case's file in a fake GitHub workspace, writing every CI format; returns what each holds. */
async function runCase(input: InputCase) {
  const workspace = dir();
  const path = join(workspace, 'site', input.name);
  await import('node:fs/promises').then((fs) => fs.mkdir(join(workspace, 'site')));
  await writeFile(path, input.text());
  const summaryPath = join(workspace, 'summary.md');
  const env = {
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_SHA: 'abc123',
  };
  const reports = ['sarif', 'gitlab', 'markdown'].map((format) => `${format}=${join(workspace, `report.${format}`)}`);
  const outcome = await runCli(
    ['check', path, ...input.flags(), '--retries', '0', ...reports.flatMap((report) => ['--report', report])],
    { env, cwd: workspace },
  );
  const read = (format: string) => readFile(join(workspace, `report.${format}`), 'utf8');
  return {
    outcome,
    sarif: JSON.parse(await read('sarif')) as SarifLog,
    gitlab: JSON.parse(await read('gitlab')) as Array<{
      check_name: string;
      severity: string;
      fingerprint: string;
      location: { path: string; lines: { begin: number } };
    }>,
    markdown: await read('markdown'),
    summary: await readFile(summaryPath, 'utf8'),
  };
}

describe.each(CASES)('CI formats on $name', (input) => {
  it('reports each failing row on its line of the file, in every format', async () => {
    const { outcome, sarif, gitlab, markdown, summary } = await runCase(input);
    const file = `site/${input.name}`;
    expect(outcome.code, outcome.stderr).toBe(1);

    // GitHub: the table folded in a group, then one error annotation per failing row, on its file and line.
    expect(outcome.stdout).toMatch(/^::group::hoplens check /);
    expect(outcome.stdout).toContain('::endgroup::');
    const errors = parseAnnotations(outcome.stdout).filter((a) => a.command === 'error');
    expect(errors.map((a) => [a.properties.file, Number(a.properties.line)])).toEqual(
      input.failing.map((line) => [file, line]),
    );
    expect(errors.every((a) => a.properties.title?.startsWith('hoplens: '))).toBe(true);

    // SARIF: valid against the OASIS schema; the errors on the same lines; every rule with an absolute help page.
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors)).toBe(true);
    const run = sarif.runs[0]!;
    const sarifErrors = run.results.filter((result) => result.level === 'error');
    expect(
      sarifErrors.map((r) => [
        r.locations[0]!.physicalLocation.artifactLocation.uri,
        r.locations[0]!.physicalLocation.region.startLine,
      ]),
    ).toEqual(input.failing.map((line) => [file, line]));
    for (const result of run.results) {
      expect(run.tool.driver.rules.map((rule) => rule.id)).toContain(result.ruleId);
      expect(result.partialFingerprints['hoplensFinding/v1']).toMatch(/^[0-9a-f]{32}$/);
    }
    // Issue 44: a rule links only a page that exists (Google Search Central's) or none; hoplens's own pages are
    // linked only on a running hoplens (HOPLENS_DOCS_URL, test/cli/docs-links.test.ts), never on a registry.
    for (const rule of run.tool.driver.rules) {
      if (rule.helpUri !== undefined) expect(rule.helpUri).toMatch(/^https:\/\/developers\.google\.com\//);
    }
    expect(run.tool.driver.informationUri).toBeUndefined();

    // GitLab: the same findings, `major` for errors, unique fingerprints.
    const major = gitlab.filter((issue) => issue.severity === 'major');
    expect(major.map((issue) => [issue.location.path, issue.location.lines.begin])).toEqual(
      input.failing.map((line) => [file, line]),
    );
    expect(new Set(gitlab.map((issue) => issue.fingerprint)).size).toBe(gitlab.length);

    // Markdown and the job summary: the same text, each failing row linked to its line on GitHub.
    expect(summary.trimEnd()).toBe(markdown.trimEnd());
    for (const line of input.failing) {
      expect(markdown).toContain(`[${file}:${line}](https://github.com/acme/site/blob/abc123/${file}#L${line})`);
    }
    expect(markdown).toMatch(/\| passed \| failed \| errored \|/);
  });
});

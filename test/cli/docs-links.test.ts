/**
 * Help links are never guessed (issue 44): hoplens is published on no registry, so its own docs pages are linked only
 * on a running hoplens whose `/docs` serves them (HOPLENS_DOCS_URL); without it SARIF has no `informationUri` and no
 * `helpUri` for those pages, and JUnit names the command that prints them. Pages that exist elsewhere (Google Search
 * Central's) stay linked. The policy schema's `$id` names no registry either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyJsonSchema } from '../../src/core/policy/policy-parse.js';
import type { CiReport } from '../../src/formats/ci/ci-report.js';
import { renderCiDocument } from '../../src/formats/ci/ci-writers.js';
import { ciRuleHelp } from '../../src/formats/ci/help-uri.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { validateSarif } from '../helpers/sarif-schema.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const DOCS = 'https://hoplens.example.com';
const GOOGLE = /^https:\/\/developers\.google\.com\//;

/** A check report with one of check's own findings and one whose help is a Google page. */
const report: CiReport = {
  command: 'check',
  inputName: 'moves.csv',
  path: 'moves.csv',
  findings: [
    { rule: 'expectation_failed', level: 'error', line: 2, key: 'a', title: 'a', message: 'a failed' },
    { rule: 'temporary_redirect', level: 'warning', line: 3, key: 'b', title: 'b', message: 'b is a 302' },
  ],
  totals: [['failed', 1]],
  failing: [],
  failingNotListed: 0,
  collapses: [],
  slowest: [],
};

interface Sarif {
  runs: Array<{ tool: { driver: { informationUri?: string; rules: Array<{ id: string; helpUri?: string }> } } }>;
}

const helpUris = (log: Sarif) =>
  Object.fromEntries(log.runs[0]!.tool.driver.rules.map((rule) => [rule.id, rule.helpUri]));

describe('help links with no docs URL', () => {
  it("link no page of hoplens's own, and Google's pages as they are", () => {
    expect(ciRuleHelp('check', 'expectation_failed').uri).toBeUndefined();
    expect(ciRuleHelp('lint', 'shadowed_rule').uri).toBeUndefined();
    expect(ciRuleHelp('check', 'temporary_redirect').uri).toMatch(GOOGLE);
    const log = JSON.parse(renderCiDocument('sarif', report, {})) as Sarif;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0]!.tool.driver.informationUri).toBeUndefined();
    expect(helpUris(log).expectation_failed).toBeUndefined();
    expect(helpUris(log).temporary_redirect).toMatch(GOOGLE);
    expect(JSON.stringify(log)).not.toMatch(/unpkg|npmjs|jsdelivr/);
  });
});

describe('help links with HOPLENS_DOCS_URL', () => {
  it('link the pages served by that hoplens, and its CLI reference as the tool information', () => {
    expect(ciRuleHelp('check', 'expectation_failed', DOCS).uri).toBe(`${DOCS}/docs/cli#when-a-row-fails`);
    expect(ciRuleHelp('check', 'not_https', DOCS).uri).toBe(`${DOCS}/docs/issues#not_https`);
    const log = JSON.parse(renderCiDocument('sarif', report, { docsUrl: DOCS })) as Sarif;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0]!.tool.driver.informationUri).toBe(`${DOCS}/docs/cli`);
    expect(helpUris(log).expectation_failed).toBe(`${DOCS}/docs/cli#when-a-row-fails`);
    expect(helpUris(log).temporary_redirect).toMatch(GOOGLE);
  });
});

describe('HOPLENS_DOCS_URL on the command line', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startRedirectServer({
      '/old': { status: 302, location: '/new' },
      '/new': { status: 200, body: 'new' },
    });
  });
  afterAll(() => server.close());
  const dir = tempDirPerTest();

  /** `check` of one http URL (a `not_https` finding, explained in hoplens's own docs) as JUnit and SARIF. */
  async function check(env: Record<string, string>) {
    const list = join(dir(), 'urls.txt');
    await writeFile(list, `${server.origin}/old\n`);
    const junit = join(dir(), 'junit.xml');
    const outcome = await runCli(['check', list, '--strict', '--report', `junit=${junit}`, '--format', 'sarif'], {
      env,
    });
    const read = async (path: string) => readFile(path, 'utf8').catch(() => '');
    return { outcome, junit: await read(junit), sarif: outcome.stdout };
  }

  it('unset: JUnit names `hoplens explain` for its own pages, SARIF links none of them', async () => {
    const { junit, sarif } = await check({});
    expect(junit).toContain('help for not_https: hoplens explain not_https');
    expect(junit).toMatch(/help for temporary_redirect: https:\/\/developers\.google\.com\//);
    const log = JSON.parse(sarif) as Sarif;
    expect(log.runs[0]!.tool.driver.informationUri).toBeUndefined();
    expect(helpUris(log).not_https).toBeUndefined();
    expect(`${junit}${sarif}`).not.toMatch(/unpkg|npmjs/);
  });

  it('set: both link that hoplens, its trailing slash dropped', async () => {
    const { junit, sarif } = await check({ HOPLENS_DOCS_URL: `${DOCS}/` });
    expect(junit).toContain(`help for not_https: ${DOCS}/docs/issues#not_https`);
    const log = JSON.parse(sarif) as Sarif;
    expect(log.runs[0]!.tool.driver.informationUri).toBe(`${DOCS}/docs/cli`);
  });

  it('refuses a value that is not an http(s) URL before any request, naming the variable', async () => {
    const before = server.requests.length;
    const { outcome } = await check({ HOPLENS_DOCS_URL: 'ftp://docs.example' });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('HOPLENS_DOCS_URL must be the http(s) URL of a running hoplens');
    expect(server.requests.length).toBe(before);
  });
});

describe('the policy schema', () => {
  it('has an $id that is no registry URL, and no shipped file points at a registry', () => {
    expect(String(policyJsonSchema().$id)).not.toMatch(/^https?:/);
    const root = new URL('../../', import.meta.url).pathname;
    const files = [
      'schema/hoplens.config.schema.json',
      'README.md',
      ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => join('docs', file)),
    ];
    for (const file of files) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/unpkg\.com|npmjs\.com/);
  });
});

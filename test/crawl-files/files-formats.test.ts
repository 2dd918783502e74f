/**
 * The files mode's CI formats point at the exact place of each link: GitHub's workflow commands take `file`, `line`
 * and `col` (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands), SARIF 2.1.0 a
 * region's `startLine` and `startColumn` (§3.30.5, columns counted from 1 in UTF-16 code units by default), GitLab's
 * Code Quality report `location.path` and `lines.begin`
 * (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSarif } from '../helpers/sarif-schema.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';
import { type LinkServer, startLinkServer } from './link-server.js';
import { runFiles } from './run-files.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'crawl-files');

describe('crawl <files> in the CI formats', () => {
  let server: LinkServer;
  beforeAll(async () => {
    server = await startLinkServer();
  });
  afterAll(() => server?.close());

  const flags = (format: string) => ({ connectTo: server.connectTo, base: 'http://links.test/', format });
  // The fixture is read in place, from the repository's root: its paths are the repository's.
  const env = { GITHUB_WORKSPACE: join(FIXTURE, '..', '..', '..') };

  it('annotates each finding on its file, line and column on a GitHub runner', async () => {
    const { code, stdout } = await runFiles([FIXTURE], flags('github'), FIXTURE, env);
    expect(code).toBe(1);
    const annotations = parseAnnotations(stdout).filter((c) => c.command === 'error' || c.command === 'warning');
    // README.md line 12: `- Broken: [removed](http://links.test/gone) …`, the target at column 21.
    expect(annotations).toContainEqual(
      expect.objectContaining({
        command: 'error',
        properties: expect.objectContaining({ file: 'test/fixtures/crawl-files/README.md', line: '12', col: '21' }),
      }),
    );
  });

  it('writes a valid SARIF log with each result at its line and column, and GitLab findings on their files', async () => {
    const sarif = JSON.parse((await runFiles([FIXTURE], flags('sarif'), FIXTURE, env)).stdout);
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors)).toBe(true);
    const regions = sarif.runs[0].results.map(
      (r: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: object } }> }) => ({
        uri: r.locations[0]!.physicalLocation.artifactLocation.uri,
        ...r.locations[0]!.physicalLocation.region,
      }),
    );
    expect(regions).toContainEqual({
      uri: 'test/fixtures/crawl-files/site/index.html',
      startLine: 15,
      startColumn: 12,
    });
    const gitlab = JSON.parse((await runFiles([FIXTURE], flags('gitlab'), FIXTURE, env)).stdout);
    expect(gitlab).toContainEqual(
      expect.objectContaining({ location: { path: 'test/fixtures/crawl-files/docs/guide.md', lines: { begin: 9 } } }),
    );
  });
});

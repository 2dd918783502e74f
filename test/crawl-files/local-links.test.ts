/**
 * The files crawl's links to local files, checked on disk with no request: the file a relative link names must exist
 * (resolved against the linking file's directory, as a browser resolves it against the file's `file:` URL: the URL
 * Standard's relative parsing, the query dropped and percent-encoding decoded), and its `#fragment` must be a
 * heading anchor as GitHub makes them (GitHub Docs, "Basic writing and formatting syntax", section links: lower-cased,
 * punctuation dropped, spaces to hyphens, a repeat numbered `-1`) or an `id` / `<a name>` (HTML standard, "The
 * indicated part of the document", matched exactly). `--offline` requests nothing, as lychee's flag of that name.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { runFiles } from './run-files.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
afterAll(() => server.close());

const dirPath = tempDirPerTest();

/** The pages requested since `before`: robots.txt, which every analysis reads, aside. */
const pagesSince = (before: number) => server.requests.slice(before).filter((path) => path !== '/robots.txt');

/** Writes `files` (path → text) under the test's directory. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = dirPath();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const GUIDE = '# Guide\n\n## Install\n\n## API: v2?\n\n## Usage\n\n## Usage\n\n<a id="custom"></a>\n';

interface JsonFinding {
  line: number;
  column: number;
  target: string;
  type: string;
}

async function findings(root: string, readme: string, flags: Record<string, unknown> = {}) {
  await writeFile(join(root, 'README.md'), readme);
  const outcome = await runFiles(['README.md'], { format: 'json', offline: true, ...flags }, root);
  const report = JSON.parse(outcome.stdout) as { summary: { local: number }; findings: JsonFinding[] };
  return { ...outcome, ...report };
}

describe('links to local files', () => {
  it('finds a link to a missing file and a fragment no heading or id has, and nothing wrong with the rest', async () => {
    const root = await tree({
      'docs/guide.md': GUIDE,
      'docs/with space.md': '# Spaced\n',
      'docs/page.html': '<h1 id="top">Top</h1><p><a name="old"></a></p>',
      'docs/logo.png': 'not really a png',
      'docs/sub/index.md': '# Sub\n',
    });
    const good = [
      'docs/guide.md',
      'docs/guide.md#install',
      'docs/guide.md#api-v2',
      'docs/guide.md#usage-1',
      'docs/guide.md#custom',
      'docs/guide.md?tab=1#install',
      'docs/with%20space.md',
      'docs/page.html#top',
      'docs/page.html#old',
      'docs/logo.png#not-judged',
      'docs/sub/',
      './docs/../docs/guide.md',
      '#project',
    ];
    const bad = ['docs/gone.md', 'docs/guide.md#Install', 'docs/guide.md#usage-2', 'docs/page.html#nope', '#nowhere'];
    const links = [...good, ...bad].map((target) => `- [x](${target})`).join('\n');
    const code = '```\n[in code](docs/not-read.md)\n```\n';
    const result = await findings(root, `# Project\n\n${links}\n\n${code}`);
    expect(result.findings.map((finding) => [finding.target, finding.type])).toEqual([
      ['docs/gone.md', 'link_to_missing_file'],
      ['docs/guide.md#Install', 'link_to_missing_fragment'],
      ['docs/guide.md#usage-2', 'link_to_missing_fragment'],
      ['docs/page.html#nope', 'link_to_missing_fragment'],
      ['#nowhere', 'link_to_missing_fragment'],
    ]);
    expect(result.findings[0]).toMatchObject({ line: 3 + good.length, column: 7 });
    expect(result.summary.local).toBe(good.length + bad.length);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${good.length + bad.length} links to local files: 0 redirecting (0 fixable), 5 broken`,
    );
  });

  it('words a finding with what is missing, on its file, line and column', async () => {
    const root = await tree({ 'docs/guide.md': GUIDE });
    await writeFile(join(root, 'README.md'), 'See [the guide](docs/guide.md#setup).\n');
    const { code, stdout } = await runFiles(['README.md'], { offline: true }, root);
    expect(stdout).toBe(
      'README.md:1:17: error link_to_missing_fragment: A link on README.md:1 points at docs/guide.md#setup, but there is no heading or id #setup in docs/guide.md\n',
    );
    expect(code).toBe(1);
  });

  it('--offline requests no URL; without it the URLs are followed and the local links still checked', async () => {
    const root = await tree({ 'docs/guide.md': GUIDE });
    const readme = `[a](${server.origin}/a) [b](${server.origin}/b) [guide](docs/guide.md#install) [mail](mailto:x@example.com)\n`;
    const before = server.requests.length;
    const offline = await findings(root, readme);
    expect(server.requests.length).toBe(before);
    expect(offline.code).toBe(0);
    expect(offline.stderr).toContain('0 links to 0 URLs, 1 link to local files');
    expect(offline.stderr).toContain('3 not followed (URLs with --offline');
    const online = await findings(root, readme, { offline: false });
    expect(pagesSince(before).sort()).toEqual(['/a', '/b']);
    expect(online.code).toBe(0);
    expect(online.stderr).toContain('2 links to 2 URLs, 1 link to local files');
    expect(online.stderr).toContain('1 not followed (other schemes, or from the root without --base)');
  });

  it('with --base follows relative paths as URLs, and still checks a fragment of the file itself on disk', async () => {
    const root = await tree({ 'docs/guide.md': GUIDE });
    const readme = '# Top\n\n[guide](docs/guide.md) [top](#top) [gone](#gone)\n';
    const before = server.requests.length;
    const result = await findings(root, readme, { offline: false, base: `${server.origin}/site/` });
    expect(pagesSince(before)).toEqual(['/site/docs/guide.md']);
    expect(result.findings.map((finding) => finding.target)).toEqual(['#gone']);
  });

  it('refuses --offline on a site crawl, which requests its pages', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const { code, stderr } = await runCli(['crawl', `${server.origin}/`, '--offline']);
    expect(stderr).toContain('--offline is for files');
    expect(code).toBe(2);
  });
});

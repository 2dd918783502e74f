/**
 * Control characters never reach a line a machine reads (issue 41): a file name and a URL holding a line feed, a
 * carriage return, ESC and `::` go through every output format, and no raw control character, no workflow command
 * the input wrote and no broken table row comes out.
 *
 * Authorities: GitHub's workflow commands — a log line starting with `::` (after white space) is a command; `%`, CR
 * and LF are encoded in a command's data, `:` and `,` too in its properties; `::stop-commands::TOKEN` stops reading
 * them until `::TOKEN::` (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands);
 * GitHub Flavored Markdown's tables, a row per line (https://github.github.com/gfm/#tables-extension-); XML 1.0's
 * characters (https://www.w3.org/TR/xml/#charsets) and attribute-value normalisation
 * (https://www.w3.org/TR/xml/#AVNormalize); ECMA-48's C0 and C1 control sets (what a terminal acts on).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, runCli, spawnCli, tempDirPerTest } from '../helpers/cli.js';
import { validateSarif } from '../helpers/sarif-schema.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';

/** What the input tries: a line of its own that is a command, a carriage return, an ANSI sequence, a title. */
const HOSTILE = '\n::error title=injected::pwned\r\u001b[2J\u001b]0;title\u0007::warning::x';
/** A file name holding it (Linux file names may hold anything but `/` and NUL). */
const FILE_NAME = `moves${HOSTILE}.csv`;
/** A rules file whose name starts a line with `::` by itself, and holds the rest. */
const RULES_NAME = `::error title=injected::lead${HOSTILE}_redirects`;
/**
 * Its rules: a loop (an error), and a chain whose first source holds controls and `::` (no white space, which
 * would split the rule), so that the findings quote it.
 */
const RULES = '/a /b 301\n/b /a 301\n/c\r\u001b[2J::error::x\u0085 /d 301\n/d /e 301\n';

/** Any C0 control but LF, DEL, any C1 control: what must never come out raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => {
    res.statusCode = 404;
    res.end('gone');
  });
});
afterAll(async () => {
  await server.close();
});
afterEach(killChildren);
const dir = tempDirPerTest();

/**
 * A CSV whose sources hold the hostile text (a quoted field may hold line breaks: RFC 4180 §2.6): one inside a URL's
 * path (a row that fails: the URL parser encodes what it keeps), one as a whole field (not a URL: an invalid line,
 * quoted in the message about it).
 */
function csvText(): string {
  const base = `http://127.0.0.1:${server.port}`;
  return `source,target\n"${base}/a${HOSTILE}",${base}/b\n"${HOSTILE}",${base}/b\n`;
}

/** The commands a log holds as the runner reads them, and no command the input wrote. */
function expectNoInjectedCommand(log: string): void {
  const commands = parseAnnotations(log);
  for (const command of commands) {
    expect(['group', 'endgroup', 'error', 'warning', 'notice']).toContain(command.command);
    expect(command.properties.title ?? '').not.toBe('injected');
  }
  // Every annotation is hoplens's own, titled so.
  for (const command of commands.filter((c) => ['error', 'warning', 'notice'].includes(c.command))) {
    expect(command.properties.title).toMatch(/^hoplens/);
  }
}

function expectNoRawControl(text: string): void {
  expect(text).not.toMatch(RAW_CONTROL);
}

describe('a file name and URLs holding controls and `::`', () => {
  it('--format github (the built CLI): no injected command on stdout or stderr, the summary one row per line', async () => {
    assertBuilt();
    const input = join(dir(), FILE_NAME);
    await writeFile(input, csvText());
    const summary = join(dir(), 'summary.md');
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const out = await spawnCli(['check', input, '--format', 'github'], { env, timeoutMs: 60_000 });
    expect(out.code).toBe(2);
    for (const log of [out.stdout, out.stderr]) {
      expectNoRawControl(log);
      expectNoInjectedCommand(log);
    }
    // The failing row is annotated, in the file as named.
    const errors = parseAnnotations(out.stdout).filter((c) => c.command === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error.properties.file).toContain('moves');
    const markdown = await readFile(summary, 'utf8');
    expectNoRawControl(markdown);
    // The failing rows' table: its row on one line, from its first cell to its last.
    const rows = markdown.split('\n').filter((line) => line.includes('| failed | final URL'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^\| .* \|$/);
    expect(markdown.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
  });

  it('lint and fix --check --format github (the built CLI): a file name starting with `::` is no command', async () => {
    assertBuilt();
    const input = join(dir(), RULES_NAME);
    await writeFile(input, RULES);
    const env = { GITHUB_ACTIONS: 'true' };
    const lint = await spawnCli(['lint', input, '--format', 'github'], { env, timeoutMs: 60_000 });
    const fix = await spawnCli(['fix', input, '--check', '--format', 'github'], { env, timeoutMs: 60_000 });
    for (const out of [lint, fix]) {
      expect(out.code).toBe(1);
      for (const log of [out.stdout, out.stderr]) {
        expectNoRawControl(log);
        expectNoInjectedCommand(log);
      }
      expect(parseAnnotations(out.stdout).some((c) => c.command === 'error' || c.command === 'warning')).toBe(true);
    }
  });

  it('table, markdown, JUnit, SARIF and GitLab: no raw control, the XML well formed, the SARIF valid', async () => {
    const input = join(dir(), FILE_NAME);
    await writeFile(input, csvText());
    const files = Object.fromEntries(
      ['junit', 'sarif', 'gitlab', 'markdown', 'json'].map((format) => [format, join(dir(), `out.${format}`)]),
    );
    const reports = Object.entries(files).flatMap(([format, path]) => ['--report', `${format}=${path}`]);
    const table = await runCli(['check', input, '--format', 'table', ...reports]);
    expect(table.code).toBe(2);
    for (const log of [table.stdout, table.stderr]) {
      expectNoRawControl(log);
      expect(log.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    }
    // The row stays on its line, and the invalid one is named on one line.
    expect(table.stdout.split('\n').filter((line) => /^(FAIL|ERROR)/.test(line))).toHaveLength(1);
    expect(table.stderr.split('\n').filter((line) => line.includes('Not a valid URL'))).toHaveLength(1);
    const texts: Record<string, string> = Object.fromEntries(
      await Promise.all(Object.entries(files).map(async ([format, path]) => [format, await readFile(path!, 'utf8')])),
    );
    for (const format of ['junit', 'markdown']) expectNoRawControl(texts[format]!);
    // No line of the XML file is a command either: a value's line break is a character reference.
    expect(texts.junit!.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(texts.junit!);
    expect(xml.testsuites.testsuite.testcase.classname).toContain('moves');
    expect(texts.markdown!.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    // The JSON formats escape controls themselves (RFC 8259 §7) and keep the names as they are.
    expectNoRawControl(texts.sarif!);
    expect(validateSarif(JSON.parse(texts.sarif!)), JSON.stringify(validateSarif.errors)).toBe(true);
    expectNoRawControl(texts.gitlab!);
    expect(JSON.parse(texts.gitlab!).length).toBeGreaterThan(0);
  });

  it('lint in every format: no raw control, no line that is a command', async () => {
    const input = join(dir(), RULES_NAME);
    await writeFile(input, RULES);
    for (const format of ['table', 'junit', 'markdown', 'sarif', 'gitlab', 'json']) {
      const out = await runCli(['lint', input, '--format', format]);
      expect(out.code, format).toBe(1);
      for (const log of [out.stdout, out.stderr]) {
        expectNoRawControl(log);
        expect(
          log.split('\n').filter((line) => line.trimStart().startsWith('::')),
          format,
        ).toEqual([]);
      }
    }
  });
});

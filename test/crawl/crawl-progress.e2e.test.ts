/**
 * `hoplens crawl`'s progress line in a real terminal (tmux), as a person meets it: drawn on stderr while the built CLI
 * crawls the synthetic site (test/helpers/crawl-site.mjs, whose /slow answers 429 with Retry-After: 1 once, so the
 * crawl lasts over a second), gone when the report is printed, and never drawn when stderr is not a terminal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT, tempDir } from '../helpers/cli.js';
import { PROMPT_MARK, prompts, startTmux, type TmuxTerminal } from '../helpers/tmux.js';

let server: ChildProcess;
let site = '';
let dir: Awaited<ReturnType<typeof tempDir>>;
let terminal: TmuxTerminal | undefined;

/** The progress line: pages, links, targets (with findings), queue and rate. */
const LINE =
  /crawling: \d+ pages? \| \d+ links? \| \d+ targets? analysed, \d+ with findings \| queue \d+ \| [\d.]+ pages\/s/;

beforeAll(async () => {
  assertBuilt();
  dir = await tempDir();
  server = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'crawl-site.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! });
  const ports = await new Promise<{ site: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the crawl site did not start')), 10_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  // The request log is not read here; it is drained so the site never blocks on a full pipe.
  lines.on('line', () => {});
  site = `http://127.0.0.1:${ports.site}`;
}, 15_000);

afterEach(async () => {
  await terminal?.kill();
  terminal = undefined;
});

afterAll(async () => {
  server?.kill('SIGTERM');
  await dir.remove();
});

describe('hoplens crawl in a terminal (tmux)', () => {
  it('draws the progress line while crawling and leaves only the report; nothing when stderr is a file', async () => {
    terminal = await startTmux({ cwd: dir.path, width: 160, height: 50, env: { NO_COLOR: '1' } });
    await terminal.type(`node ${BIN} crawl ${site}/ --max-query-variants 3`);
    const during = await terminal.waitForScreen((text) => LINE.test(text), 20_000, 'the progress line');
    expect(during).toMatch(LINE);
    if (process.env.SHOW_SCREEN === '1') console.log(during);
    const screen = await terminal.waitForScreen((text) => prompts(text) >= 2, 30_000, 'the crawl to end');
    // The line is erased for good: the report's table and the cut note are what is left, then the prompt.
    expect(screen).not.toContain('crawling:');
    expect(screen).toContain('/old-about');
    expect(screen).toMatch(/cut 1 URL \(query-variants\)/);
    const lines = screen.split('\n');
    expect(lines.at(-1)?.startsWith(`[1] ${PROMPT_MARK}`)).toBe(true);

    // The same crawl with stderr to a file: no redraws in it.
    await terminal.type(`node ${BIN} crawl ${site}/ --max-query-variants 3 2> err.txt > out.txt`);
    await terminal.waitForScreen((text) => prompts(text) >= 3, 30_000, 'the second crawl to end');
    const stderr = await readFile(join(dir.path, 'err.txt'), 'utf8');
    expect(stderr).toMatch(/cut 1 URL/);
    expect(stderr).not.toContain('crawling:');
    expect(stderr).not.toContain('\r');
  }, 90_000);

  it('--no-progress: no line even on a terminal', async () => {
    terminal = await startTmux({ cwd: dir.path, width: 160, height: 50, env: { NO_COLOR: '1' } });
    await terminal.type(`node ${BIN} crawl ${site}/ --max-query-variants 3 --no-progress > /dev/null`);
    // Every screen read while it runs (twenty a second, over a crawl of more than a second) is free of the line.
    let drawn = false;
    const screen = await terminal.waitForScreen(
      (text) => {
        drawn ||= text.includes('crawling:');
        return prompts(text) >= 2;
      },
      30_000,
      'the crawl to end',
    );
    expect(drawn).toBe(false);
    expect(screen).toMatch(/cut 1 URL \(query-variants\)/);
  }, 60_000);
});

/**
 * `hoplens check` in a real terminal (tmux): what a person sees when the run ends, or when they press Ctrl-C. The
 * progress bar shares the terminal with the rows; the rows must scroll above it, and the bar must be gone at the end
 * with the summary as the last thing printed, right above the shell's next prompt.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { PROMPT_MARK, prompts, startTmux, type TmuxTerminal } from '../helpers/tmux.js';

/** Rows of each run: enough for the bar to be redrawn between rows, few enough for the screen. */
const ROWS = 12;

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
let terminal: TmuxTerminal | undefined;

beforeAll(async () => {
  assertBuilt();
  server = await startServer((req, res) => {
    const path = req.url ?? '';
    // /hang/... never answers: the rows in flight when Ctrl-C comes.
    if (path.startsWith('/hang/')) return;
    // A little slowness per hop, so that the bar is drawn (10 times a second) between rows.
    setTimeout(() => {
      if (path.startsWith('/row/')) res.writeHead(301, { location: path.replace('/row/', '/ok/') }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }, 60);
  });
  dir = await tempDir();
});

afterEach(async () => {
  await terminal?.kill();
  terminal = undefined;
});

afterAll(async () => {
  await server.close();
  await dir.remove();
});

/** The lines from the command typed at the first prompt to the next prompt (excluded), and that prompt. */
function outputOf(screen: string): { lines: string[]; prompt: string } {
  const lines = screen.split('\n');
  const first = lines.findIndex((line) => line.includes(PROMPT_MARK));
  const next = lines.findIndex((line, index) => index > first && line.includes(PROMPT_MARK));
  return { lines: lines.slice(first + 1, next), prompt: lines[next] ?? '' };
}

/** The row lines of the table (one per row: verdict, source...), in screen order. */
const rowLines = (lines: string[]) => lines.filter((line) => /^(PASS|FAIL|ERROR)\s/.test(line));

async function listOf(name: string, paths: string[]): Promise<string> {
  const path = join(dir.path, name);
  await writeFile(path, `${paths.map((p) => `${server.origin}${p}`).join('\n')}\n`);
  return path;
}

async function openTerminal(): Promise<TmuxTerminal> {
  terminal = await startTmux({ cwd: dir.path, width: 120, height: 50, env: { NO_COLOR: '1' } });
  return terminal;
}

describe('hoplens check in a terminal (tmux)', () => {
  it('prints every row once, in order, above the bar; the summary is the last line and the bar is gone', async () => {
    const paths = Array.from({ length: ROWS }, (_, i) => `/row/${i + 1}`);
    const list = await listOf('urls.txt', paths);
    const tty = await openTerminal();
    // The run's figures (tested with the check summary) are left out: this test reads the rows, the bar and the summary.
    await tty.type(`node ${BIN} check ${list} --concurrency 2 --no-stats`);
    const screen = await tty.waitForScreen((text) => prompts(text) >= 2, 20_000, 'the run to end');

    const { lines, prompt } = outputOf(screen);
    const rows = rowLines(lines);
    expect(rows.map((line) => line.split(/\s+/)[1])).toEqual(paths.map((p) => `${server.origin}${p}`));
    expect(rows.every((line) => line.startsWith('PASS '))).toBe(true);
    const printed = lines.filter((line) => line.trim() !== '');
    expect(printed.at(-1)).toMatch(new RegExp(`^Summary: ${ROWS} rows checked in [\\d.]+ s: ${ROWS} passed`));
    // Every printed line is a row or the summary: no bar left behind, no line drawn over another.
    expect(printed).toHaveLength(ROWS + 1);
    expect(screen).not.toMatch(/rows \||█|░/);
    expect(prompt.startsWith(`[0] ${PROMPT_MARK}`)).toBe(true);
  });

  it('Ctrl-C: the rows finished so far, then the partial summary as the last thing; exit 130', async () => {
    const done = ['/row/1', '/row/2', '/row/3'];
    const list = await listOf('hang.txt', [...done, '/hang/1', '/hang/2', '/row/4']);
    const tty = await openTerminal();
    // One row at a time, so that exactly the first three finish before the hanging one holds the run.
    await tty.type(`node ${BIN} check ${list} --concurrency 1 --no-stats`);
    await tty.waitForScreen((text) => rowLines(text.split('\n')).length === 3, 20_000, 'three rows');
    // The bar is drawn while the fourth row hangs (at 10 frames a second).
    await tty.waitForScreen((text) => /rows \|/.test(text), 5000, 'the progress bar');
    await tty.keys('C-c');
    const screen = await tty.waitForScreen((text) => prompts(text) >= 2, 10_000, 'the run to stop');

    const { lines, prompt } = outputOf(screen);
    expect(rowLines(lines).map((line) => line.split(/\s+/)[1])).toEqual(done.map((p) => `${server.origin}${p}`));
    const printed = lines.filter((line) => line.trim() !== '');
    // The list is a file, read again to count what was never checked: the hanging row in flight and the two after it.
    expect(printed.at(-2)).toBe('Interrupted: partial results, 3 rows never checked.');
    expect(printed.at(-1)).toMatch(
      /^Summary: 3 rows checked in [\d.]+ s: 3 passed, 0 failed, 0 errored — exit 130: interrupted \(Ctrl-C\)$/,
    );
    expect(printed).toHaveLength(3 + 2);
    expect(screen).not.toMatch(/rows \||█|░|\^C/);
    expect(prompt.startsWith(`[130] ${PROMPT_MARK}`)).toBe(true);
  });
});

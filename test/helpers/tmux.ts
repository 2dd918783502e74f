/**
 * A real terminal for tests: a tmux server on a private socket runs a plain shell in a pane of fixed size; the test
 * types into it and reads the screen back with `capture-pane`, which is what a person would see, after every cursor
 * movement and erase has been applied. Every tmux call and every wait is bounded in time.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { becomes } from './polling.js';

const run = promisify(execFile);

/** The shell prompt of the pane: the previous command's exit status, then a marker no program output contains. */
export const PROMPT_MARK = '__PROMPT__$';
const PS1 = `[$?] ${PROMPT_MARK} `;
/** The pane's command: bash without start-up files (the machine's own rc files stay out), with {@link PS1}. */
const SHELL = `PS1='${PS1}' exec bash --norc --noprofile -i`;
/** How long one tmux command may take. */
const TMUX_TIMEOUT_MS = 5000;

let sessions = 0;

/** Options of {@link startTmux}. */
export interface TmuxOptions {
  /** Pane size in columns and rows (default 100×40). */
  width?: number;
  height?: number;
  /** Working directory of the shell. */
  cwd: string;
  /** Extra environment of the shell (PATH, HOME and TERM are set). */
  env?: Record<string, string>;
}

/** A shell in a tmux pane. */
export interface TmuxTerminal {
  /** Types `line` into the shell and presses Enter. */
  type(line: string): Promise<void>;
  /** Sends tmux key names (`C-c`, `Enter`). */
  keys(...keys: string[]): Promise<void>;
  /** The screen and its scroll-back as text, trailing blank lines removed; wrapped lines are joined. */
  screen(): Promise<string>;
  /** Resolves with the screen once `predicate` holds of it; rejects with the last screen after `timeoutMs`. */
  waitForScreen(predicate: (screen: string) => boolean, timeoutMs: number, what: string): Promise<string>;
  /** Kills the tmux server (and so the shell and whatever it runs). */
  kill(): Promise<void>;
}

/** Starts a tmux server on a socket of its own with one shell of the given size. */
export async function startTmux(options: TmuxOptions): Promise<TmuxTerminal> {
  const socket = `hoplens-test-${process.pid}-${++sessions}`;
  const tmux = (...args: string[]) =>
    run('tmux', ['-L', socket, '-f', '/dev/null', ...args], {
      timeout: TMUX_TIMEOUT_MS,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        TERM: 'xterm-256color',
        ...options.env,
      },
    });
  const width = String(options.width ?? 100);
  const height = String(options.height ?? 40);
  await tmux('new-session', '-d', '-x', width, '-y', height, '-c', options.cwd, SHELL);
  // The pane keeps its size whatever client attaches; the scroll-back keeps what scrolls off the top.
  await tmux('set-option', '-g', 'history-limit', '10000');

  const screen = async () => {
    const { stdout } = await tmux('capture-pane', '-p', '-J', '-S', '-');
    return stdout.replace(/\s+$/, '');
  };
  const terminal: TmuxTerminal = {
    async type(line) {
      await tmux('send-keys', '-l', line);
      await tmux('send-keys', 'Enter');
    },
    async keys(...keys) {
      await tmux('send-keys', ...keys);
    },
    screen,
    async waitForScreen(predicate, timeoutMs, what) {
      let last = '';
      const held = await becomes(
        async () => {
          last = await screen();
          return predicate(last);
        },
        timeoutMs,
        50,
      );
      if (!held) throw new Error(`timed out waiting for ${what}; the screen was:\n${last}`);
      return last;
    },
    async kill() {
      await tmux('kill-server').catch(() => {});
    },
  };
  // The shell is ready once its first prompt is on the screen.
  await terminal.waitForScreen((text) => text.includes(PROMPT_MARK), 5000, 'the first prompt');
  return terminal;
}

/** The number of prompts on a screen: the command typed at the first one has ended when there are two. */
export function prompts(screen: string): number {
  return screen.split('\n').filter((line) => line.includes(PROMPT_MARK)).length;
}

import { detectStdinFormat, type InputFormat } from '../inputs/index.js';
import type { CliIo } from './io.js';

/**
 * Standard input (`-`) without `--input`: its format told by its start (a CSV, rules, a list), and the io whose stdin
 * replays what was read. A terminal is left alone: a person typing URLs is typing a list, line by line.
 */
export async function stdinDetected(
  file: string,
  input: InputFormat | undefined,
  io: CliIo,
): Promise<{ io: CliIo; input?: InputFormat }> {
  if (file !== '-' || input !== undefined || (io.stdin as { isTTY?: boolean }).isTTY === true) return { io };
  const detected = await detectStdinFormat(io.stdin, io.signal);
  return { io: { ...io, stdin: detected.stream }, input: detected.format };
}

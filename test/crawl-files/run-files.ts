/** Runs the files mode of `hoplens crawl` in-process, with captured streams and the link server's routes. */
import { PassThrough } from 'node:stream';
import { type FilesCrawlFlags, runFilesCrawl } from '../../src/cli/commands/crawl-files.js';

export interface FilesOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

export async function runFiles(
  paths: string[],
  flags: FilesCrawlFlags,
  cwd: string,
  env: Record<string, string> = {},
): Promise<FilesOutcome> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const code = await runFilesCrawl(paths, flags, {
    stdin: new PassThrough(),
    stdout,
    stderr,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env,
    cwd,
  });
  // The sinks flush on the next turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out(), stderr: err() };
}

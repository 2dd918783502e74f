#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { EXIT } from './exit-codes.js';
import { OUTPUT_CLOSED } from './io.js';

/*
 * The `hoplens` executable: wires the process into `run` and is the only place that exits. Ctrl-C (or SIGTERM from
 * a CI runner) aborts the run, which stops starting rows and prints what it has (`hoplens serve` stops serving);
 * a second Ctrl-C exits at once.
 */
const controller = new AbortController();
// Signals only: a closed stdout aborts `controller` but must not stop `hoplens serve`, and a later signal must.
const interrupt = new AbortController();
let signalled: NodeJS.Signals | undefined;
const onSignal = (signal: NodeJS.Signals) => {
  if (signalled !== undefined) {
    // Erase the progress bar's line, if it is drawn, so that the shell's prompt starts on a clean line.
    if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
    process.exit(130);
  }
  signalled = signal;
  controller.abort();
  interrupt.abort(signal);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// A reader that went away (`hoplens check big.txt | head`) ends the run quietly, as the end it chose: no new work,
// no error text, no "interrupted" status (EPIPE, since Node ignores SIGPIPE).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') controller.abort(OUTPUT_CLOSED);
});

/** V8's default is 1,800,000 ("about bytes executed"); one llhttp response uses up several million. */
const WASM_TIERING_BUDGET = 1_000_000_000;

/** hoplens's version, written in by the build from package.json (scripts/build-cli.mjs). */
declare const HOPLENS_VERSION: string;

const argv = process.argv.slice(2);
// `hoplens --version` alone is answered before anything else is loaded: this file is the executable's entry chunk
// (scripts/build-cli.mjs) and imports nothing else of ours but the exit codes and io.ts. Any other use of the flag goes through commander, which
// prints the same PACKAGE_VERSION.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  await new Promise<void>((resolve) => process.stdout.write(`${HOPLENS_VERSION}\n`, () => resolve()));
  process.exit(EXIT.OK);
}
// undici parses HTTP with llhttp compiled to WebAssembly. By default V8 recompiles its parser function with its
// optimising compiler after the first few responses, which costs about 35 MB and a background compile that
// `hoplens URL` (four responses) never earns back. With a larger budget that happens after about two hundred
// responses: early in a `hoplens check` run (or under `hoplens serve`), whose throughput is unchanged (bench
// workloads 2 and 5, BENCHMARKS.md).
// Set before anything compiles the parser (undici does on its first connection).
setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
const { run } = await import('./run.js');
const code = await run(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: controller.signal,
  interrupt: interrupt.signal,
});
// Let piped output drain before exiting, stderr's too: on a non-blocking pipe (a runner may hand one) Node writes
// later, and exiting first lost the end of a long warning list and its summary on a loaded CI machine.
await Promise.all(
  [process.stdout, process.stderr].map(
    (stream) => new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.write('', () => resolve()))),
  ),
);
// An interrupted run ends as a process killed by its signal would (128 + 15 for SIGTERM); `hoplens serve` returns 0
// after a signal, as stopping on one is its normal end.
process.exit(signalled === 'SIGTERM' && code === EXIT.INTERRUPTED ? EXIT.TERMINATED : code);

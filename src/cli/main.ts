#!/usr/bin/env node
import { EXIT } from './exit-codes.js';
import { OUTPUT_CLOSED } from './io.js';
import { run } from './run.js';

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

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: controller.signal,
  interrupt: interrupt.signal,
});
// Let piped output drain before exiting.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
// An interrupted run ends as a process killed by its signal would (128 + 15 for SIGTERM); `hoplens serve` returns 0
// after a signal, as stopping on one is its normal end.
process.exit(signalled === 'SIGTERM' && code === EXIT.INTERRUPTED ? 143 : code);

#!/usr/bin/env node
import { run } from './run.js';

/*
 * The `hoplens` executable: wires the process into `run` and is the only place that exits. Ctrl-C (or SIGTERM from
 * a CI runner) aborts the run, which stops starting rows and prints what it has; a second Ctrl-C exits at once.
 */
const controller = new AbortController();
let signalled: NodeJS.Signals | undefined;
const onSignal = (signal: NodeJS.Signals) => {
  if (signalled !== undefined) {
    // The progress bar turns line wrapping off while it runs; give the terminal back as it was.
    if (process.stderr.isTTY) process.stderr.write('\u001b[?7h\n');
    process.exit(130);
  }
  signalled = signal;
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// A reader that went away (`hoplens check big.txt | head`) ends the run quietly instead of crashing it.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') controller.abort();
});

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: controller.signal,
});
// Let piped output drain before exiting.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
process.exit(signalled === 'SIGTERM' ? 143 : code);

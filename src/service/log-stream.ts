/**
 * Where the service's JSON log lines go: standard output, written through `process.stdout`.
 *
 * Not pino's default destination: that one writes asynchronously and, at `process.exit`, flushes synchronously in a
 * loop that retries forever when the write fails with EPIPE. A service whose log reader had gone away (a crashed log
 * shipper, a closed pipe) then never exited after SIGTERM. `process.stdout` writes pipes and files synchronously
 * (on Linux), so nothing is pending at exit; a broken pipe only stops the logging, never the service.
 */

/** The stream shape pino writes to. */
export interface LogStream {
  write(line: string): void;
}

/** A log stream on `stdout` that goes quiet, instead of crashing or hanging the process, once writing fails. */
export function stdoutLogStream(stdout: NodeJS.WritableStream = process.stdout): LogStream {
  let broken = false;
  // Without a listener, an EPIPE on stdout would be an uncaught exception.
  stdout.on('error', () => {
    broken = true;
  });
  return {
    write(line: string): void {
      if (!broken) stdout.write(line);
    },
  };
}

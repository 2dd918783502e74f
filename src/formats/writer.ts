/**
 * Where a format writes its text: the CLI's output (src/cli/output.ts, a file or standard output) implements it, and
 * so can a service's response or a library caller's buffer. `write` resolves once the text is taken, which carries
 * the output's backpressure back to whoever produces the rows.
 */
export interface ReportWriter {
  write(text: string): Promise<void>;
}

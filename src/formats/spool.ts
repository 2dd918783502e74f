import type { ReportWriter } from './writer.js';

/**
 * Text a format must hold until the run ends (JUnit's test cases, written after the totals that head them): written
 * as it comes, read back once, then disposed of. The formats open no file: the face gives a spool (the CLI's spools
 * to a temporary file, src/cli/formats/file-spool.ts), and {@link memorySpool} is the default for the rest.
 */
export interface Spool extends ReportWriter {
  /** Ends the writing: what is written is kept, and a failure to keep it (a full disk) is thrown here. */
  close(): Promise<void>;
  /** The text written, in order, after {@link close}. */
  read(): AsyncIterable<string>;
  /** Frees what the spool holds (its file); called once, after {@link read}, or after a failure. */
  dispose(): Promise<void>;
}

/** Opens a spool for one report. */
export type SpoolFactory = () => Promise<Spool>;

/** A spool in memory, for callers whose reports are small enough to hold (the library's, a test's). */
export const memorySpool: SpoolFactory = async () => {
  const chunks: string[] = [];
  return {
    write: async (text) => {
      chunks.push(text);
    },
    close: async () => {},
    read: async function* () {
      yield* chunks;
    },
    dispose: async () => {
      chunks.length = 0;
    },
  };
};

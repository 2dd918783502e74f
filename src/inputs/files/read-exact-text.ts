import { readFile } from 'node:fs/promises';
import { malformedInput } from '../errors.js';
import { notText } from '../text/text-input.js';

/** A file's text, and whether it is the file's bytes exactly (valid UTF-8). */
export interface ExactText {
  text: string;
  /** Only such a text may be written back: nothing outside an edit changes by being decoded and encoded again. */
  exact: boolean;
}

/**
 * Reads a file as UTF-8, telling whether decoding it kept every byte. A file whose start is not text (a NUL byte) is
 * its `INPUT_MALFORMED` error, as every input is (../text/text-input.ts).
 */
export async function readExactText(absolute: string): Promise<ExactText> {
  const bytes = await readFile(absolute);
  const why = notText(bytes);
  if (why !== undefined) throw malformedInput(`${absolute}: ${why}`);
  const text = bytes.toString('utf8');
  return { text, exact: Buffer.from(text, 'utf8').equals(bytes) };
}

import { Readable } from 'node:stream';
import { malformedInput } from '../errors.js';
import { peekHead } from './text-head.js';

/**
 * How much of an input's start is looked at for a NUL byte, after decompression and decoding (issue 44's decision:
 * no text hoplens reads holds one; git and `file` look at their first 8 KB alike).
 */
export const PROBE_BYTES = 8 * 1024;

/** The UTF-16 a byte-order mark announces (spreadsheets export "Unicode text" so); else UTF-8 is read. */
function utf16Of(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** The start of an input as text: UTF-16 by its byte-order mark, else UTF-8 (a cut character at the end is dropped). */
export function decodeHead(head: Uint8Array): string {
  return new TextDecoder(utf16Of(head) ?? 'utf-8').decode(head);
}

/** Why an input's start is not text, or undefined when it is: a NUL in its first {@link PROBE_BYTES} bytes. */
export function notText(head: Buffer): string | undefined {
  const probe = head.subarray(0, PROBE_BYTES);
  const nul = utf16Of(probe) === undefined ? probe.indexOf(0) : decodeHead(probe).indexOf('\0');
  if (nul === -1) return undefined;
  const gzip = head[0] === 0x1f && head[1] === 0x8b ? ', gzip-compressed: decompress it first' : '';
  return `not a text file (a NUL byte in its first ${PROBE_BYTES / 1024} KB${gzip}); hoplens reads text, UTF-8 or UTF-16`;
}

/** A UTF-16 stream as UTF-8 (its byte-order mark dropped), for readers that decode UTF-8. */
async function* utf8Of(stream: Readable, encoding: 'utf-16le' | 'utf-16be'): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of stream) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text !== '') yield Buffer.from(text, 'utf8');
  }
  const last = decoder.decode();
  if (last !== '') yield Buffer.from(last, 'utf8');
}

/**
 * An input's bytes as UTF-8 text for the readers, or its `INPUT_MALFORMED` error before any is read when its start
 * is not text (a NUL byte): a binary file is refused in one line by every command, not read as 50 invalid lines or
 * linted to "No findings". `name` is the input as the message names it; `minBytes` how much of the start to wait
 * for ({@link PROBE_BYTES} for a file; standard input, which may come a line at a time, is looked at as it comes).
 */
export async function textInput(stream: Readable, name: string, minBytes = PROBE_BYTES): Promise<Readable> {
  const { head, rest } = await peekHead(stream, minBytes);
  const why = notText(head);
  if (why !== undefined) {
    rest.destroy();
    stream.destroy();
    throw malformedInput(`${name}: ${why}`);
  }
  const encoding = utf16Of(head);
  return encoding === undefined ? rest : Readable.from(utf8Of(rest, encoding), { objectMode: false });
}

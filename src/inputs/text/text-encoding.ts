import { open } from 'node:fs/promises';

/** How a text file is encoded, as its byte-order mark says: UTF-16 either way, or UTF-8 with a mark or without. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

/** The encoding of a file from its first bytes (what the inputs' readers decode it by; src/inputs/text/text-input.ts). */
export async function textEncodingOf(path: string): Promise<TextEncoding> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(3), 0, 3, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
    if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
    return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 'utf-8-bom' : 'utf-8';
  } finally {
    await file.close();
  }
}

/**
 * Text as the bytes of `encoding`, its byte-order mark first where the encoding has one: a file rewritten (hoplens
 * fix --write) stays in the encoding it was written in, which the program that reads it (a spreadsheet's "Unicode
 * text", a Windows server's config) may need.
 */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom') return Buffer.from(`\uFEFF${text}`, 'utf8');
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return encoding === 'utf-16be' ? bytes.swap16() : bytes;
}

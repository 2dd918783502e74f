import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { InputFormat } from '../light.js';
import { isHttpLocation } from '../sitemap/index.js';
import { decodeHead } from '../text/text-input.js';
import { formatOfContent, formatOfText, HEAD_BYTES } from './by-content.js';
import { formatOfName } from './by-name.js';

/** The start of a file as text, or undefined when it cannot be read (opening it reports why, with its exit). */
async function fileHead(path: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return decodeHead(buffer.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/**
 * The format of `file`, in this order: `--input` when given; standard input (`-`) is a list (the commands that read
 * it tell it by its start first: ./stdin-format.ts); the file name when it
 * settles the format (`.csv`, `.xml`, `_redirects`, `netlify.toml`, `vercel.json`, `.htaccess`, `*.nginx`: see
 * ./by-name.ts); else the file's start (./by-content.ts): a `.conf` is Apache's or nginx's by the directives it
 * holds (nginx when they say neither), any other name the format its lines show, or a list. An http(s) URL is named
 * by its path and never read ahead, as standard input is not: read once, they are a list when the name says nothing.
 */
export async function detectInputFormat(file: string, explicit: InputFormat | undefined): Promise<InputFormat> {
  if (explicit !== undefined) return explicit;
  if (file === '-') return 'list';
  const remote = isHttpLocation(file);
  const byName = formatOfName(basename(remote ? new URL(file).pathname : file));
  if (byName?.sure === true || remote) return byName?.format ?? 'list';
  const head = await fileHead(file);
  if (byName === undefined) return head === undefined ? 'list' : formatOfText(head);
  const byContent = head === undefined ? undefined : formatOfContent(head);
  return byContent === 'apache' || byContent === 'nginx' ? byContent : byName.format;
}

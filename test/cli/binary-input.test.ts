/**
 * Inputs that are not text (issue 44): a binary file was read as a URL list (50 lines of escaped bytes, "444 more
 * invalid lines") and `lint` said "No findings" on one. Every command that reads a file now refuses it in one line,
 * before any work, where the inputs room opens it: a NUL byte in the first 8 KB (after gzip decompression, where
 * hoplens decompresses: sitemaps) is binary, as git and file(1) judge; a UTF-16 export, told by its byte-order mark
 * (Unicode's BOM, https://www.unicode.org/faq/utf_bom.html#bom4), is text and read. Run on the built executable.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, spawnCli, tempDirPerTest } from '../helpers/cli.js';

const dir = tempDirPerTest();

/** Bytes no text holds: an executable's start, a NUL among printable bytes, past the first line. */
function binaryBytes(): Buffer {
  const bytes = Buffer.alloc(4000, 0x41);
  bytes.write('https://a.test/one\n', 0);
  bytes[3000] = 0;
  return bytes;
}

const ONE_LINE =
  /^hoplens: .+: not a text file \(a NUL byte in its first 8 KB\); hoplens reads text, UTF-8 or UTF-16\n$/;

beforeAll(() => assertBuilt());

describe('a binary input', () => {
  it.each([
    ['check', 'data.bin', []],
    ['check', 'data.bin', ['--input', 'csv']],
    ['lint', 'data.bin', []],
    ['lint', '_redirects', []],
    ['fix', '_redirects', ['--check']],
    ['crawl', 'page.md', []],
  ])('%s %s %j: refused in one line, exit 2, nothing on stdout', async (command, name, flags) => {
    const path = join(dir(), name);
    await writeFile(path, binaryBytes());
    const { code, stdout, stderr } = await spawnCli([command, path, ...flags], { timeoutMs: 30_000 });
    expect(stderr).toMatch(ONE_LINE);
    expect(stderr).toContain(path);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  it('on standard input too, named so', async () => {
    const { code, stderr } = await spawnCli(['check', '-'], {
      input: binaryBytes().toString('latin1'),
      timeoutMs: 30_000,
    });
    expect(stderr).toMatch(/^hoplens: standard input: not a text file/);
    expect(code).toBe(2);
  });

  it('gzip-compressed, where hoplens does not decompress, says to decompress it', async () => {
    const path = join(dir(), 'moves.csv');
    await writeFile(path, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x0a]));
    const { code, stderr } = await spawnCli(['lint', path], { timeoutMs: 30_000 });
    expect(stderr).toContain('gzip-compressed: decompress it first');
    expect(code).toBe(2);
  });
});

describe('a UTF-16 export', () => {
  it('is text: its byte-order mark says how to read it, and lint reads its rows', async () => {
    const csv = 'source,target\nhttps://a.test/a,https://a.test/b\nhttps://a.test/b,https://a.test/c\n';
    for (const [name, bytes] of [
      ['le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')])],
      ['be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv, 'utf16le').swap16()])],
    ] as const) {
      const path = join(dir(), name);
      await writeFile(path, bytes);
      const { code, stdout, stderr } = await spawnCli(['lint', path], { timeoutMs: 30_000 });
      expect(stderr).toBe('');
      expect(stdout).toContain(`${name}:2: warning chain: chain of 2 redirects`);
      expect(code).toBe(0);
    }
  });
});

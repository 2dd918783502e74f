/**
 * How logs are read, whatever their format: gzip told by content (RFC 1952, section 2.3.1: a gzip member begins
 * 0x1f 0x8b, https://www.rfc-editor.org/rfc/rfc1952#section-2.3.1), `-` for standard input, the format detected per
 * file from its first lines unless forced, several formats in one count, and the inputs room's errors.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLogFormat } from '../../../src/inputs/logs/detect-log.js';
import { countTraffic, type TrafficSource } from '../../../src/inputs/logs/index.js';

const FIXTURES = 'test/fixtures/logs';
const base = { baseUrl: 'https://www.old.example' };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hoplens-logs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const firstLines = async (name: string) =>
  (await readFile(join(FIXTURES, name), 'utf8')).split(/\r?\n/).filter((line) => line !== '');

describe('detection', () => {
  it.each([
    ['combined.log', 'combined'],
    ['common.log', 'common'],
    ['iis-w3c.log', 'w3c'],
    ['cloudfront.log', 'cloudfront'],
    ['cloudflare.jsonl', 'cloudflare'],
  ])('tells %s as %s from its first lines', async (name, format) => {
    expect(detectLogFormat(await firstLines(name))).toBe(format);
  });

  it('tells no format from lines of none, and combined from common lines mixed with combined ones', async () => {
    expect(detectLogFormat(['hello', 'world', '{"a":1}'])).toBeUndefined();
    const mixed = [...(await firstLines('common.log')).slice(0, 3), ...(await firstLines('combined.log')).slice(0, 1)];
    expect(detectLogFormat(mixed)).toBe('combined');
  });

  it('reads a file as the format forced, whatever it looks like', async () => {
    const forced = await countTraffic([{ kind: 'log', path: `${FIXTURES}/combined.log`, format: 'common' }], base);
    expect(forced.sources[0]?.format).toBe('common');
    // Read as common, no line has a user agent: Googlebot's hit counts as a person's.
    expect(forced.botLines).toBe(0);
  });

  it('fails on a file no format recognises, with its first line', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'these are notes\nnot a log\n');
    await expect(countTraffic([{ kind: 'log', path }], base)).rejects.toMatchObject({
      code: 'INPUT_MALFORMED',
      message: expect.stringContaining('"these are notes"'),
    });
  });
});

describe('reading', () => {
  it('inflates a gzip log told by its bytes, whatever its name', async () => {
    const path = join(dir, 'access.log');
    await writeFile(path, gzipSync(await readFile(`${FIXTURES}/combined.log`)));
    const plain = await countTraffic([{ kind: 'log', path: `${FIXTURES}/combined.log` }], base);
    const gzipped = await countTraffic([{ kind: 'log', path }], base);
    expect(gzipped.entries).toEqual(plain.entries);
    expect(gzipped.lines).toBe(10);
  });

  it('reads standard input for -, plain or gzip, given a byte at a time', async () => {
    const text = await readFile(`${FIXTURES}/cloudflare.jsonl`);
    const fromFile = await countTraffic([{ kind: 'log', path: `${FIXTURES}/cloudflare.jsonl` }], {});
    const plain = await countTraffic([{ kind: 'log', path: '-' }], { stdin: Readable.from([text]) });
    expect(plain.entries).toEqual(fromFile.entries);
    expect(plain.sources).toEqual([{ path: '-', format: 'cloudflare', lines: 5 }]);
    const bytes = [...gzipSync(text)].map((byte) => Buffer.from([byte]));
    const gzipped = await countTraffic([{ kind: 'log', path: '-' }], { stdin: Readable.from(bytes) });
    expect(gzipped.entries).toEqual(fromFile.entries);
  });

  it('counts several files of several formats into one table', async () => {
    const sources: TrafficSource[] = [
      { kind: 'log', path: `${FIXTURES}/combined.log` },
      { kind: 'log', path: `${FIXTURES}/cloudfront.log` },
      { kind: 'log', path: `${FIXTURES}/cloudflare.jsonl` },
      { kind: 'traffic', path: `${FIXTURES}/ahrefs-backlinks.csv` },
    ];
    const table = await countTraffic(sources, base);
    expect(table.sources.map(({ format, lines }) => [format, lines])).toEqual([
      ['combined', 10],
      ['cloudfront', 4],
      ['cloudflare', 5],
      ['traffic', 3],
    ]);
    expect(table.lines).toBe(22);
    // The combined log's old post (2 people, 1 bot) and the backlinks export's 2 links to it.
    expect(table.entries[0]).toEqual({ url: 'https://www.old.example/blog/2019/old-post', hits: 4, botHits: 1 });
    expect(table.entries.find((entry) => entry.url === 'https://www.old.example/guides/setup')).toEqual({
      url: 'https://www.old.example/guides/setup',
      hits: 1,
      botHits: 0,
    });
  });

  it('counts an empty file as no lines', async () => {
    const path = join(dir, 'empty.log');
    await writeFile(path, '');
    const table = await countTraffic([{ kind: 'log', path }], base);
    expect(table).toMatchObject({ lines: 0, entries: [] });
  });

  it('stops when its signal aborts', async () => {
    const text = (await readFile(`${FIXTURES}/combined.log`, 'utf8')).repeat(3);
    const stdin = new PassThrough();
    stdin.write(text);
    const stop = new AbortController();
    const counting = countTraffic([{ kind: 'log', path: '-' }], { ...base, stdin, signal: stop.signal });
    stop.abort(new Error('stopped'));
    stdin.end(text);
    await expect(counting).rejects.toThrow('stopped');
  });
});

describe('errors', () => {
  it('fails on a missing file as INPUT_UNREADABLE, naming it', async () => {
    const path = join(dir, 'missing.log');
    await expect(countTraffic([{ kind: 'log', path }], base)).rejects.toMatchObject({
      code: 'INPUT_UNREADABLE',
      message: `${path}: no such file`,
    });
  });

  it('fails on a directory as INPUT_UNREADABLE', async () => {
    await expect(countTraffic([{ kind: 'log', path: dir }], base)).rejects.toMatchObject({ code: 'INPUT_UNREADABLE' });
  });

  it('fails on an unknown format and a bad base URL as INPUT_OPTION_INVALID', async () => {
    const unknown = { kind: 'log', path: `${FIXTURES}/combined.log`, format: 'apache' } as unknown as TrafficSource;
    await expect(countTraffic([unknown], base)).rejects.toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      details: { flag: '--log-format' },
    });
    await expect(
      countTraffic([{ kind: 'log', path: `${FIXTURES}/combined.log` }], { baseUrl: 'ftp://old.example' }),
    ).rejects.toMatchObject({ code: 'INPUT_OPTION_INVALID', details: { flag: '--base-url' } });
  });

  it('fails on - without standard input, and on a damaged gzip file as INPUT_MALFORMED', async () => {
    await expect(countTraffic([{ kind: 'log', path: '-' }], base)).rejects.toMatchObject({ code: 'INPUT_UNREADABLE' });
    const path = join(dir, 'damaged.gz');
    await writeFile(path, gzipSync(await readFile(`${FIXTURES}/combined.log`)).subarray(0, 60));
    await expect(countTraffic([{ kind: 'log', path }], base)).rejects.toMatchObject({ code: 'INPUT_MALFORMED' });
  });
});

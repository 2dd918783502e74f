import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Sink } from '../../src/cli/output.js';

/** A writable that records each write it receives and takes `delayMs` to accept one. */
function recorder(options: { delayMs?: number; highWaterMark?: number } = {}) {
  const writes: string[] = [];
  let buffered = 0;
  let peakBuffered = 0;
  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      writes.push(chunk);
      setTimeout(done, options.delayMs ?? 0);
    },
  });
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string, ...rest: never[]) => {
    const ok = write(chunk, ...rest);
    buffered = stream.writableLength;
    peakBuffered = Math.max(peakBuffered, buffered);
    return ok;
  }) as typeof stream.write;
  return { stream, writes, peak: () => peakBuffered };
}

describe('Sink', () => {
  it('gathers the writes of one turn into one write to a file it owns, in order', async () => {
    const { stream, writes } = recorder();
    const sink = new Sink(stream, { owned: true, isTTY: false });
    const lines = Array.from({ length: 100 }, (_, i) => `row ${i}\n`);
    for (const line of lines) await sink.write(line);
    await sink.close();
    expect(writes.join('')).toBe(lines.join(''));
    expect(writes.length).toBeLessThan(5);
  });

  it('writes a shared stream at once, so that sinks sharing it stay in order', async () => {
    const { stream, writes } = recorder();
    const report = new Sink(stream, { owned: false, isTTY: false });
    const human = new Sink(stream, { owned: false, isTTY: false });
    await report.write('a\n');
    await human.write('b\n');
    await report.write('c\n');
    stream.end();
    await new Promise((resolve) => stream.once('finish', resolve));
    expect(writes).toEqual(['a\n', 'b\n', 'c\n']);
  });

  it('makes writers wait while a slow file is full, so memory stays bounded', async () => {
    const { stream, writes, peak } = recorder({ delayMs: 2, highWaterMark: 1024 });
    const sink = new Sink(stream, { owned: true, isTTY: false });
    const line = `${'x'.repeat(1000)}\n`;
    // Far more than the stream's buffer: without backpressure all of it would pile up in memory at once.
    for (let i = 0; i < 400; i++) await sink.write(line);
    await sink.close();
    expect(writes.join('').length).toBe(400 * line.length);
    expect(peak()).toBeLessThan(200 * 1024);
  });

  it('reports a write that failed in the background on the next write', async () => {
    const stream = new Writable({
      highWaterMark: 16,
      write(_chunk, _encoding, done) {
        setTimeout(() => done(new Error('disk full')), 1);
      },
    });
    stream.on('error', () => {});
    const sink = new Sink(stream, { owned: true, isTTY: false });
    await sink.write('x'.repeat(64));
    await expect(
      (async () => {
        for (let i = 0; i < 50; i++) {
          await sink.write('more\n');
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    ).rejects.toMatchObject({ code: 'OUTPUT_ERROR' });
  });
});

import type { Readable } from 'node:stream';
import { type NumberedLine, readLineBatches } from '../text/lines.js';
import { cloudflareParser } from './cloudflare.js';
import { combinedParser, commonParser } from './combined.js';
import { DETECT_LINES, detectLogFormat } from './detect-log.js';
import { baseUrlNeeded, unrecognisedLog } from './log-errors.js';
import { blankRequest, type LogParser } from './request.js';
import type { TrafficTally } from './tally.js';
import type { LogFormat } from './types.js';
import { cloudfrontParser, w3cParser } from './w3c.js';

/** What reading a log needs besides its lines. */
export interface LogReading {
  path: string;
  format?: LogFormat;
  hasBase: boolean;
  signal?: AbortSignal;
}

/** The parser of a format; combined and common logs carry paths only and need the base URL. */
function parserFor(format: LogFormat, reading: LogReading): LogParser {
  if ((format === 'combined' || format === 'common') && !reading.hasBase) throw baseUrlNeeded(reading.path, format);
  switch (format) {
    case 'combined':
      return combinedParser();
    case 'common':
      return commonParser();
    case 'w3c':
      return w3cParser(reading.path, reading.hasBase);
    case 'cloudfront':
      return cloudfrontParser(reading.path, reading.hasBase);
    case 'cloudflare':
      return cloudflareParser();
  }
}

/** The first batches of lines, enough to tell the format from, and the iterator to read the rest from. */
async function firstLines(batches: AsyncIterator<NumberedLine[]>): Promise<NumberedLine[]> {
  const lines: NumberedLine[] = [];
  let filled = 0;
  while (filled < DETECT_LINES) {
    const next = await batches.next();
    if (next.done === true) break;
    for (const line of next.value) {
      lines.push(line);
      if (line.text.trim() !== '') filled++;
    }
  }
  return lines;
}

/** Reads lines with a parser into the tally; blank lines and directives are not lines of the count. */
function countLines(lines: readonly NumberedLine[], parser: LogParser, tally: TrafficTally): number {
  const request = blankRequest();
  let read = 0;
  for (const { text } of lines) {
    if (text === '') continue;
    const outcome = parser.parse(text, request);
    if (outcome === 'directive') continue;
    read++;
    tally.lines++;
    if (outcome === 'request') tally.addRequest(request);
    else tally.skip(outcome);
  }
  return read;
}

/**
 * Reads one log as it streams into the tally, its format told from its first lines unless given; the lines it read.
 * Memory is one chunk of the file and its lines at a time, whatever the length of the log.
 */
export async function readLog(
  stream: Readable,
  tally: TrafficTally,
  reading: LogReading,
): Promise<{ format: LogFormat; lines: number }> {
  const batches = readLineBatches(stream)[Symbol.asyncIterator]();
  try {
    const head = await firstLines(batches);
    const texts = head.map((line) => line.text).filter((text) => text.trim() !== '');
    // An empty log is no error: it has no lines to count.
    if (texts.length === 0) return { format: reading.format ?? 'combined', lines: 0 };
    const format = reading.format ?? detectLogFormat(texts);
    if (format === undefined) throw unrecognisedLog(reading.path, texts[0] ?? '');
    const parser = parserFor(format, reading);
    reading.signal?.throwIfAborted();
    let lines = countLines(head, parser, tally);
    for (let next = await batches.next(); next.done !== true; next = await batches.next()) {
      reading.signal?.throwIfAborted();
      lines += countLines(next.value, parser, tally);
    }
    return { format, lines };
  } finally {
    await batches.return?.(undefined);
    stream.destroy();
  }
}

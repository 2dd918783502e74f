import type { Readable } from 'node:stream';
import { cloudflareParser } from './cloudflare.js';
import { combinedParser, commonParser } from './combined.js';
import { DETECT_LINES, detectLogFormat } from './detect-log.js';
import { eachLine } from './each-line.js';
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

/**
 * One log's lines counted into the tally: its first lines kept until they tell the format (unless it was given),
 * then every line parsed as it comes and dropped. Blank lines and directives are not lines of the count.
 */
class LogCounter {
  readonly #tally: TrafficTally;
  readonly #reading: LogReading;
  readonly #request = blankRequest();
  #head: string[] = [];
  #filled = 0;
  #parser: LogParser | undefined;
  lines = 0;

  constructor(tally: TrafficTally, reading: LogReading) {
    this.#tally = tally;
    this.#reading = reading;
  }

  /** The format read, once known. */
  get format(): LogFormat | undefined {
    return this.#parser?.format ?? this.#reading.format;
  }

  line(text: string): void {
    if (this.#parser !== undefined) this.#count(this.#parser, text);
    else {
      this.#head.push(text);
      if (text.trim() !== '') this.#filled++;
      if (this.#filled >= DETECT_LINES) this.start();
    }
  }

  /** Tells the format from the lines kept (or takes the one given) and counts them; at the end, for a short log. */
  start(): void {
    if (this.#parser !== undefined) return;
    const texts = this.#head.filter((text) => text.trim() !== '');
    // An empty log is no error: it has no lines to count.
    if (texts.length === 0) return;
    const format = this.#reading.format ?? detectLogFormat(texts);
    if (format === undefined) throw unrecognisedLog(this.#reading.path, texts[0] ?? '');
    const parser = parserFor(format, this.#reading);
    this.#parser = parser;
    for (const text of this.#head) this.#count(parser, text);
    this.#head = [];
  }

  #count(parser: LogParser, text: string): void {
    if (text === '') return;
    const outcome = parser.parse(text, this.#request);
    if (outcome === 'directive') return;
    this.lines++;
    this.#tally.lines++;
    if (outcome === 'request') this.#tally.addRequest(this.#request);
    else this.#tally.skip(outcome);
  }
}

/**
 * Reads one log as it streams into the tally, its format told from its first lines unless given; the lines it read.
 * Memory is one chunk of the file at a time, whatever the length of the log.
 */
export async function readLog(
  stream: Readable,
  tally: TrafficTally,
  reading: LogReading,
): Promise<{ format: LogFormat; lines: number }> {
  const counter = new LogCounter(tally, reading);
  try {
    await eachLine(stream, (text) => counter.line(text), reading.signal);
    counter.start();
    return { format: counter.format ?? 'combined', lines: counter.lines };
  } finally {
    stream.destroy();
  }
}

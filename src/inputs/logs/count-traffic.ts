import { invalidBaseUrl, unknownLogFormat } from './log-errors.js';
import { openLog } from './open-log.js';
import { readLog } from './read-log.js';
import { type TallyRules, TrafficTally } from './tally.js';
import { readTrafficCsv } from './traffic-csv.js';
import { LOG_FORMATS, type TrafficOptions, type TrafficSource, type TrafficTable } from './types.js';

/** The counting rules of the options, the base URL read once. */
function rulesOf(options: TrafficOptions): TallyRules {
  let baseOrigin = '';
  let baseScheme = '';
  if (options.baseUrl !== undefined) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw invalidBaseUrl(options.baseUrl);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw invalidBaseUrl(options.baseUrl);
    baseOrigin = base.origin;
    baseScheme = base.protocol.slice(0, -1);
  }
  return {
    baseOrigin,
    baseScheme,
    keepQuery: options.keepQuery ?? false,
    includeAssets: options.includeAssets ?? false,
    bots: options.bots ?? 'separate',
  };
}

/**
 * Counts the hits of each URL in access logs and traffic exports, read one after the other as they stream: GET and
 * HEAD requests the site answered 2xx or 3xx, the query dropped unless kept, assets left out unless included, bots
 * counted as the policy says (docs/logs.md). Throws the inputs room's errors for a file it cannot read as a whole.
 */
export async function countTraffic(sources: readonly TrafficSource[], options: TrafficOptions): Promise<TrafficTable> {
  const rules = rulesOf(options);
  for (const source of sources) {
    if (source.format !== undefined && !(LOG_FORMATS as readonly string[]).includes(source.format)) {
      throw unknownLogFormat(source.format);
    }
  }
  const tally = new TrafficTally(rules);
  const read: TrafficTable['sources'] = [];
  for (const source of sources) {
    options.signal?.throwIfAborted();
    const stream = await openLog(source.path, options.stdin);
    if (source.kind === 'traffic') {
      read.push({ path: source.path, format: 'traffic', lines: await readTrafficCsv(stream, tally, source.path) });
      continue;
    }
    const reading = { path: source.path, hasBase: rules.baseOrigin !== '', ...optional(source, options) };
    const { format, lines } = await readLog(stream, tally, reading);
    read.push({ path: source.path, format, lines });
  }
  return tally.table(read);
}

/** The optional fields of a reading, present only when set (exactOptionalPropertyTypes). */
function optional(
  source: TrafficSource,
  options: TrafficOptions,
): { format?: TrafficSource['format']; signal?: AbortSignal } {
  return {
    ...(source.format === undefined ? {} : { format: source.format }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

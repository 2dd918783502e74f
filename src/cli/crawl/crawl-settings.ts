/** `hoplens crawl`'s flags read into the crawl's settings; a bad value is a usage error naming its flag. */
import {
  CRAWL_DEFAULTS,
  CRAWL_OPTION_TABLE,
  CRAWL_SCOPES,
  type CrawlOptionName,
  type CrawlSettings,
  LINK_ELEMENTS,
  type LinkElement,
  TRAP_DEFAULTS,
} from '../../crawl/index.js';
import { integerFlag } from '../analysis-options.js';
import { invalidFlag } from '../errors.js';
import type { CrawlFlags } from './crawl-flags.js';

/** `--rate 10/s` or `600/m` as requests per second. */
export function parseRate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*([sm]))?$/.exec(value.trim());
  const count = match === null ? Number.NaN : Number(match[1]);
  if (match === null || !(count > 0))
    throw invalidFlag('--rate', 'must be a number of requests per second (10/s) or minute (600/m)', value);
  return match[2] === 'm' ? count / 60 : count;
}

/** `--skip img,script` as the set of kinds left out. */
export function parseSkip(value: string | undefined): Set<LinkElement> {
  const skip = new Set<LinkElement>();
  for (const word of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    if (!(LINK_ELEMENTS as readonly string[]).includes(word) || word === 'sitemap') {
      throw invalidFlag(
        '--skip',
        `must name kinds of link among ${LINK_ELEMENTS.filter((k) => k !== 'sitemap').join(', ')}`,
        word,
      );
    }
    skip.add(word as LinkElement);
  }
  return skip;
}

const MILLION = 100_000_000;

/** A flag of the crawl's option table, read within its row's range, or the row's default. */
function tableFlag(name: CrawlOptionName, value: string | undefined): number {
  const row = CRAWL_OPTION_TABLE[name];
  return integerFlag(row.cli.flag.split(' ')[0]!, value, row.min, row.max) ?? row.default;
}

/** The crawl's settings from its flags (the start URLs and signal are the command's). */
export function crawlSettings(flags: CrawlFlags): Omit<CrawlSettings, 'starts'> {
  const scope = flags.scope ?? 'site';
  if (!(CRAWL_SCOPES as readonly string[]).includes(scope))
    throw invalidFlag('--scope', `must be one of ${CRAWL_SCOPES.join(', ')}`, scope);
  const traps = {
    maxDepth: integerFlag('--max-depth', flags.maxDepth, 0, 10_000) ?? TRAP_DEFAULTS.maxDepth,
    maxUrlLength: integerFlag('--max-url-length', flags.maxUrlLength, 16, 1_000_000) ?? TRAP_DEFAULTS.maxUrlLength,
    maxRepeatedSegments:
      integerFlag('--max-repeated-segments', flags.maxRepeatedSegments, 1, 1000) ?? TRAP_DEFAULTS.maxRepeatedSegments,
    maxQueryVariants:
      integerFlag('--max-query-variants', flags.maxQueryVariants, 1, MILLION) ?? TRAP_DEFAULTS.maxQueryVariants,
  };
  return {
    sitemaps: flags.sitemap ?? [],
    robotsSitemaps: flags.robotsSitemaps !== false,
    scope,
    maxPages: integerFlag('--max-pages', flags.maxPages, 1, MILLION) ?? CRAWL_DEFAULTS.maxPages,
    maxSitemaps: tableFlag('maxSitemaps', flags.maxSitemaps),
    maxSitemapUrls: tableFlag('maxSitemapUrls', flags.maxSitemapUrls),
    traps,
    skip: parseSkip(flags.skip),
    concurrency: integerFlag('--concurrency', flags.concurrency, 1, 1000) ?? CRAWL_DEFAULTS.concurrency,
    perHost: integerFlag('--per-host', flags.perHost, 1, 1000) ?? CRAWL_DEFAULTS.perHost,
    rate: parseRate(flags.rate),
    crawler: flags.crawler,
  };
}

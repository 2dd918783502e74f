/**
 * robots.txt as the crawl obeys it, per origin, for its own product token (RFC 9309, read with the core's matcher:
 * src/core/robots/rules.ts; `--crawler Googlebot` obeys Googlebot's group instead): which URLs it may fetch, the
 * `Crawl-delay` of its group (not in RFC 9309, but the de-facto pause between requests Bing and Yandex honour), and
 * the `Sitemap` lines. A robots.txt answered with a 5xx or 429 disallows everything while it lasts, a 4xx allows
 * everything (RFC 9309 §2.3.1.3, §2.3.1.4), as the core reads it (src/core/robots/file.ts).
 */
import { agentName, keyAndValue, parseRobotsTxt, type RobotsLine, robotsBody, robotsRuling } from '../core/index.js';
import type { CrawlFetcher } from './crawl-fetcher.js';

export interface HostRobots {
  allowed(url: string): boolean;
  /** The pause between two requests to the host the group asks for, in ms. */
  readonly crawlDelayMs: number | undefined;
  readonly sitemaps: readonly string[];
}

/** The longest Crawl-delay obeyed: a site asking for more would take days to crawl. */
export const MAX_CRAWL_DELAY_MS = 60_000;
const READ_LIMIT = 500 * 1024;
const MAX_REDIRECTS = 5;

const ALLOW_ALL: HostRobots = { allowed: () => true, crawlDelayMs: undefined, sitemaps: [] };
const DISALLOW_ALL: HostRobots = { allowed: () => false, crawlDelayMs: undefined, sitemaps: [] };

/** The `Crawl-delay` of the group naming `token`, else of the `*` group; in ms. */
export function crawlDelay(text: string, lines: readonly RobotsLine[], token: string): number | undefined {
  const raw = text.split(/\r\n|\r|\n/);
  const wanted = token.toLowerCase();
  let agents: string[] = [];
  let inAgents = false;
  const delays = new Map<string, number>();
  for (const line of lines) {
    if (line.kind === 'user-agent') {
      if (!inAgents) agents = [];
      agents.push(line.value === '*' ? '*' : agentName(line.value).toLowerCase());
      inAgents = true;
      continue;
    }
    inAgents = false;
    const pair = line.kind === 'unknown' ? keyAndValue(raw[line.line - 1] ?? '') : undefined;
    if (pair?.key.toLowerCase() !== 'crawl-delay') continue;
    const seconds = Number(pair.value);
    if (!Number.isFinite(seconds) || seconds < 0) continue;
    for (const agent of agents) if (!delays.has(agent)) delays.set(agent, Math.min(seconds * 1000, MAX_CRAWL_DELAY_MS));
  }
  return delays.get(wanted) ?? delays.get('*');
}

function readRules(body: Buffer, token: string): HostRobots {
  const lines = parseRobotsTxt(body);
  return {
    allowed: (url) => robotsRuling(lines, token, url).allowed,
    crawlDelayMs: crawlDelay(body.toString('latin1'), lines, token),
    sitemaps: lines.filter((line) => line.kind === 'sitemap').map((line) => line.value),
  };
}

/** Fetches and reads an origin's robots.txt; never rejects (a robots.txt that cannot be fetched allows all). */
async function fetchRobots(origin: string, fetcher: CrawlFetcher): Promise<HostRobots> {
  let url = `${origin}/robots.txt`;
  try {
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      const response = await fetcher.fetch(url, { maxBytes: READ_LIMIT + 64 * 1024, accept: 'text/plain' });
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location !== undefined) {
        url = new URL(location, url).href;
        continue;
      }
      if (response.status >= 200 && response.status < 300) {
        const body = await robotsBody(response.body, response.headers['content-encoding']);
        return readRules(body, fetcher.robotsToken);
      }
      return response.status >= 500 || response.status === 429 ? DISALLOW_ALL : ALLOW_ALL;
    }
  } catch {
    // Cannot be fetched: an allow, as the core reads it.
  }
  return ALLOW_ALL;
}

/** Every origin's robots.txt, fetched once per crawl. */
export class RobotsBook {
  private readonly origins = new Map<string, Promise<HostRobots>>();

  constructor(
    private readonly fetcher: CrawlFetcher,
    private readonly obey: boolean,
  ) {}

  for(url: URL): Promise<HostRobots> {
    if (!this.obey) return Promise.resolve(ALLOW_ALL);
    let robots = this.origins.get(url.origin);
    if (robots === undefined) {
      robots = fetchRobots(url.origin, this.fetcher);
      this.origins.set(url.origin, robots);
    }
    return robots;
  }
}

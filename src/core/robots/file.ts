import type { GuardedFetch } from '../page-renderer.js';
import { ROBOTS_READ_LIMIT, robotsBody } from './body.js';
import { parseRobotsTxt, type RobotsLine } from './lines.js';
import { robotsRuling } from './rules.js';

/**
 * What a host's robots.txt says, as fetched once: its rules, or a blanket answer when there are none to read, as
 * Google's "How Google interprets the robots.txt specification" reads the status. A 4xx but 429 ("unavailable",
 * RFC 9309 §2.3.1.3) means crawlers may access anything. A 5xx ("unreachable", §2.3.1.4) means complete disallow
 * while it lasts, and Google reads a 429 the same way (the RFC would count it among the 4xx): hoplens judges as Google
 * does. A robots.txt hoplens itself cannot fetch (timeout, refused connection, a blocked address, too many redirects)
 * is an allow: from one vantage point a network failure says more about the path than about the site, and a finding
 * would blame the site for it.
 */
export type RobotsFile =
  | { readonly kind: 'rules'; readonly url: string; readonly lines: readonly RobotsLine[] }
  | { readonly kind: 'allow-all'; readonly url: string }
  | { readonly kind: 'disallow-all'; readonly url: string; readonly status: number };

/** Why a final URL may not be crawled: a rule disallows it, or robots.txt answered a server error. */
export interface RobotsVerdict {
  /** The robots.txt consulted. */
  readonly robotsUrl: string;
  /** The crawler's product token the rules were read for (`Googlebot` unless the `crawler` option says another). */
  readonly token: string;
  readonly reason: 'disallowed' | 'unreachable';
  /** `disallowed`: the robots.txt line of the rule (1-based), when known. */
  readonly line?: number;
  /** `unreachable`: the status robots.txt answered with. */
  readonly status?: number;
}

/** RFC 9309 §2.3.1.2: crawlers should follow at least five consecutive redirects (Google follows five). */
const MAX_REDIRECTS = 5;

/** Whether a status means "unreachable" to Google: a server error, or 429 Too Many Requests. */
function unreachable(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Fetches and reads `origin`'s robots.txt with `fetch` (the analysis's guarded one) and `headers`; never rejects. */
export async function fetchRobotsFile(
  origin: string,
  headers: Readonly<Record<string, string>>,
  fetch: GuardedFetch,
): Promise<RobotsFile> {
  const robotsUrl = `${origin}/robots.txt`;
  let url = robotsUrl;
  try {
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      const response = await fetch({
        url,
        method: 'GET',
        headers: { ...headers },
        // However long the file, its start is read and parsed (RFC 9309 §2.5): never "too large, so allow".
        maxBodyBytes: ROBOTS_READ_LIMIT,
        truncateBody: true,
      });
      const { status } = response;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        url = new URL(location, url).href;
        continue;
      }
      if (status >= 200 && status < 300) {
        // Rules found after a redirect still govern the origin first asked about (RFC 9309 §2.3.1.2).
        const body = await robotsBody(response.body, response.headers['content-encoding']);
        return { kind: 'rules', url: robotsUrl, lines: parseRobotsTxt(body) };
      }
      if (unreachable(status)) return { kind: 'disallow-all', url: robotsUrl, status };
      return { kind: 'allow-all', url: robotsUrl };
    }
  } catch {
    // Cannot be fetched: an allow (see RobotsFile).
  }
  return { kind: 'allow-all', url: robotsUrl };
}

/** Why `robots` keeps the crawler named `token` from `url`, or undefined when it does not. */
export function robotsVerdict(robots: RobotsFile, url: string, token: string): RobotsVerdict | undefined {
  if (robots.kind === 'allow-all') return undefined;
  if (robots.kind === 'disallow-all') {
    return { robotsUrl: robots.url, token, reason: 'unreachable', status: robots.status };
  }
  const ruling = robotsRuling(robots.lines, token, url);
  if (ruling.allowed) return undefined;
  return {
    robotsUrl: robots.url,
    token,
    reason: 'disallowed',
    ...(ruling.line === undefined ? {} : { line: ruling.line }),
  };
}

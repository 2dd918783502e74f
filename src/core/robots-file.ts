import robotsParserModule from 'robots-parser';
import type { GuardedFetch } from './page-renderer.js';

// robots-parser is CommonJS whose `module.exports` is the function; its types declare it as an ES default export,
// which Node's CommonJS interop puts one level down. At run time the default import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** A parsed robots.txt, as robots-parser gives it. */
type Robot = ReturnType<typeof robotsParser>;

/**
 * What a host's robots.txt says, as fetched once: its rules, or a blanket answer when there are none to read.
 * RFC 9309 §2.3.1.3: a 4xx ("unavailable") means crawlers may access anything. §2.3.1.4: a 5xx ("unreachable")
 * means crawlers must assume complete disallow (Google does the same while the error lasts); hoplens follows both. A
 * robots.txt hoplens itself cannot fetch (timeout, refused connection, a blocked address, too many redirects) is an
 * allow: from one vantage point a network failure says more about the path than about the site, and a finding
 * would blame the site for it.
 */
export type RobotsFile =
  | { readonly kind: 'rules'; readonly url: string; readonly robot: Robot }
  | { readonly kind: 'allow-all'; readonly url: string }
  | { readonly kind: 'disallow-all'; readonly url: string; readonly status: number };

/** Why a final URL may not be crawled: a rule disallows it, or robots.txt answered a server error. */
export interface RobotsVerdict {
  /** The robots.txt consulted. */
  readonly robotsUrl: string;
  /** The product token the rules were read for (`Googlebot`, `hoplens`). */
  readonly token: string;
  readonly reason: 'disallowed' | 'unreachable';
  /** `disallowed`: the robots.txt line of the rule (1-based), when known. */
  readonly line?: number;
  /** `unreachable`: the status robots.txt answered with. */
  readonly status?: number;
}

/** RFC 9309 §2.3.1.2: crawlers should follow at least five consecutive redirects. */
const MAX_REDIRECTS = 5;
/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB. */
const PARSE_LIMIT = 500 * 1024;

/** Fetches and reads `origin`'s robots.txt with `fetch` (the analysis's guarded one); never rejects. */
export async function fetchRobotsFile(origin: string, userAgent: string, fetch: GuardedFetch): Promise<RobotsFile> {
  const robotsUrl = `${origin}/robots.txt`;
  let url = robotsUrl;
  try {
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      const response = await fetch({ url, method: 'GET', headers: { 'user-agent': userAgent, accept: 'text/plain' } });
      const { status } = response;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        url = new URL(location, url).href;
        continue;
      }
      if (status >= 200 && status < 300) {
        // Rules found after a redirect still govern the origin first asked about (RFC 9309 §2.3.1.2).
        const text = response.body.subarray(0, PARSE_LIMIT).toString('utf8');
        return { kind: 'rules', url: robotsUrl, robot: robotsParser(robotsUrl, text) };
      }
      if (status >= 500) return { kind: 'disallow-all', url: robotsUrl, status };
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
  if (robots.robot.isDisallowed(url, token) !== true) return undefined;
  const line = robots.robot.getMatchingLineNumber(url, token);
  return { robotsUrl: robots.url, token, reason: 'disallowed', ...(line > 0 ? { line } : {}) };
}

/**
 * Which robots.txt rule governs a URL for a crawler, decided as Google's reference parser decides
 * (github.com/google/robotstxt): the groups naming the crawler's product token apply (all of them, merged), else
 * those of `*`; within them the rule with the longest pattern matching the URL's path wins, and an allow wins a tie
 * (RFC 9309 §2.2.2). How Google departs from the RFC, and so does hoplens, is in docs/issues.md
 * (robots_blocked_destination).
 */

import type { RobotsLine } from './lines.js';
import { patternMatches, robotsPath } from './match.js';

/** The verdict on one URL: whether it may be crawled and, when a rule decided, that rule's line. */
export interface RobotsRuling {
  readonly allowed: boolean;
  /** The line of the rule that decided (the winning disallow, or the winning allow). */
  readonly line?: number;
}

/** The best match so far of one kind of rule: its pattern's length (-1: none matched) and line. */
interface Best {
  priority: number;
  line: number;
}

/** The best allow and disallow among the groups naming the crawler and among those of `*`. */
interface Tally {
  specific: { allow: Best; disallow: Best };
  global: { allow: Best; disallow: Best };
  /** Whether any group named the crawler: then the `*` groups do not apply, even when it has no rule that matches. */
  everSpecific: boolean;
}

const none = (): Best => ({ priority: -1, line: 0 });

/**
 * The name a `User-agent` line gives, as Google reads it: up to the first character that is not a letter, `-` or `_`
 * (`Googlebot/2.1` and `Googlebot Images` both name `Googlebot`).
 */
export function agentName(value: string): string {
  return /^[A-Za-z_-]*/.exec(value)![0];
}

/** Whether a `User-agent` value is the `*` of every crawler (Google also reads `* anything` so). */
function isGlobal(value: string): boolean {
  return value === '*' || /^\*\s/.test(value);
}

/** Records a rule's match in `best` when it beats what is there. */
function consider(best: Best, priority: number, line: number): void {
  if (priority > best.priority) {
    best.priority = priority;
    best.line = line;
  }
}

/**
 * Google reads an allow of `…/index.html` (or `index.htm`) as allowing the directory itself too: the path
 * up to the slash, exactly (`…/$`).
 */
function directoryOfIndex(pattern: string): string | undefined {
  const slash = pattern.lastIndexOf('/');
  return slash !== -1 && pattern.startsWith('/index.htm', slash) ? `${pattern.slice(0, slash + 1)}$` : undefined;
}

function ruleMatch(path: string, line: RobotsLine): number {
  if (patternMatches(path, line.value)) return line.value.length;
  const directory = line.kind === 'allow' ? directoryOfIndex(line.value) : undefined;
  return directory !== undefined && patternMatches(path, directory) ? directory.length : -1;
}

/** Walks the lines once, as the reference parser does, keeping the best matches of the groups that apply. */
function tally(lines: readonly RobotsLine[], token: string, path: string): Tally {
  const t: Tally = {
    specific: { allow: none(), disallow: none() },
    global: { allow: none(), disallow: none() },
    everSpecific: false,
  };
  let specific = false;
  let global = false;
  let inRules = false;
  for (const line of lines) {
    if (line.kind === 'user-agent') {
      // A user-agent line after rules starts a new group; consecutive ones share a group.
      if (inRules) specific = global = inRules = false;
      if (isGlobal(line.value)) global = true;
      else if (agentName(line.value).toLowerCase() === token.toLowerCase()) {
        specific = t.everSpecific = true;
      }
    } else if ((line.kind === 'allow' || line.kind === 'disallow') && (specific || global)) {
      inRules = true;
      const priority = ruleMatch(path, line);
      if (priority >= 0) consider((specific ? t.specific : t.global)[line.kind], priority, line.line);
    }
  }
  return t;
}

/** Whether `lines` let the crawler named `token` (a product token, `Googlebot`) crawl `url`, and the deciding rule. */
export function robotsRuling(lines: readonly RobotsLine[], token: string, url: string): RobotsRuling {
  const t = tally(lines, token, robotsPath(url));
  const decide = ({ allow, disallow }: { allow: Best; disallow: Best }): RobotsRuling =>
    disallow.priority > allow.priority
      ? { allowed: false, line: disallow.line }
      : { allowed: true, ...(allow.priority >= 0 ? { line: allow.line } : {}) };
  // A rule of length 0 (an empty `Disallow:`) matches everything and says nothing.
  if (t.specific.allow.priority > 0 || t.specific.disallow.priority > 0) return decide(t.specific);
  if (t.everSpecific) return { allowed: true };
  if (t.global.allow.priority > 0 || t.global.disallow.priority > 0) return decide(t.global);
  return { allowed: true };
}

import { contentWords, wordsOf } from './words.js';

/** Extensions a migration drops (`/about.html` → `/about`). */
const EXTENSION = /\.(html?|php\d?|aspx?|jsp|cfm|shtml|asp)$/i;
const YEAR = /^(19|20)\d\d$/;
const DAY_OR_MONTH = /^\d{1,2}$/;

/** A URL as the matcher sees it: its folders, its slug and the slug's words. */
export interface UrlShape {
  url: string;
  /** The path as written (for case changes). */
  rawPath: string;
  /** The path lowercased, without extension and date folders: what an unchanged page keeps. */
  plainPath: string;
  /** The folders before the slug, lowercased, date folders left out. */
  folders: string[];
  /** The last segment, lowercased, extension dropped ('' for the home page). */
  slug: string;
  /** The slug's content words in order. */
  words: string[];
  /** The slug's content words, sorted and joined: the same for a slug whose words were reordered. */
  sortedKey: string;
  /** Whether a date folder (`/2019/05/`) came before the slug. */
  dated: boolean;
  /** The extension dropped, with its dot (`.html`), or ''. */
  extension: string;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Drops the date folders (a year, then up to two numbers), telling whether there were any. */
function withoutDates(segments: readonly string[]): { kept: string[]; dated: boolean } {
  const kept: string[] = [];
  let dated = false;
  for (let at = 0; at < segments.length; at++) {
    if (YEAR.test(segments[at]!) && at < segments.length - 1) {
      dated = true;
      while (DAY_OR_MONTH.test(segments[at + 1] ?? '') && at + 1 < segments.length - 1) at++;
      continue;
    }
    kept.push(segments[at]!);
  }
  return { kept, dated };
}

/** The shape of `url` (an absolute URL; anything else is read as a path). */
export function shapeOf(url: string): UrlShape {
  let rawPath: string;
  try {
    rawPath = new URL(url).pathname;
  } catch {
    rawPath = url.split(/[?#]/)[0]!;
  }
  const segments = rawPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(decoded);
  const last = segments.at(-1) ?? '';
  const extension = EXTENSION.exec(last)?.[0] ?? '';
  if (extension !== '') segments[segments.length - 1] = last.slice(0, -extension.length);
  const { kept, dated } = withoutDates(segments.map((segment) => segment.toLowerCase()));
  const slug = kept.at(-1) ?? '';
  const words = contentWords(wordsOf(slug));
  return {
    url,
    rawPath,
    plainPath: `/${kept.join('/')}`,
    folders: kept.slice(0, -1),
    slug,
    words,
    sortedKey: [...words].sort().join(' '),
    dated,
    extension: extension.toLowerCase(),
  };
}

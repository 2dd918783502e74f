import {
  CRAWL_ISSUE_SEVERITY,
  type CrawlFinding,
  type CrawlIssueType,
  type LinkElement,
  type LinkRecord,
  linkFindings,
  type TargetRecord,
} from '../crawl/index.js';
import type { CheckedLink } from './crawl-files.js';

/** One finding of the crawl's (src/crawl/link-findings.ts) on one link of a file. */
export interface FileFinding {
  finding: CrawlFinding;
  link: CheckedLink;
}

/** The crawl's element for a link of a file: what it loads or where it leads. */
function elementOf(link: CheckedLink): LinkElement {
  if (link.form === 'image') return 'img';
  const [tag, attribute] = link.element?.split(' ') ?? [];
  if (attribute === 'srcset') return 'srcset';
  if (attribute === 'style' || attribute === 'css') return 'css';
  if (attribute === 'json-ld') return 'json-ld';
  if (tag === 'img' || tag === 'source') return 'img';
  if (tag === 'script' || tag === 'iframe') return tag;
  if (tag === 'link') return 'stylesheet';
  return 'a';
}

/** The crawl's record of a link of a file: its page is the file and line it is on. */
function linkRecord(link: CheckedLink): LinkRecord {
  const url = new URL(link.url);
  url.hash = '';
  return { page: `${link.file}:${link.line}`, element: elementOf(link), url: url.href, raw: link.target, text: '' };
}

function targetRecord(link: CheckedLink): TargetRecord {
  const { followed } = link;
  return { url: followed.url, result: followed.result, error: followed.error };
}

/** The finding on a link to a local file that is not there, or into one whose heading or id is not. */
function localFinding(link: CheckedLink, missing: 'file' | 'fragment'): CrawlFinding {
  const type: CrawlIssueType = missing === 'file' ? 'link_to_missing_file' : 'link_to_missing_fragment';
  const reason = link.followed.verdict.kind === 'broken' ? link.followed.verdict.reason : '';
  return {
    type,
    severity: CRAWL_ISSUE_SEVERITY[type],
    message: `A link on ${link.file}:${link.line} points at ${link.target}, but there is ${reason}`,
    help: `docs/issues.md#${type}`,
    page: `${link.file}:${link.line}`,
    element: elementOf(link),
    url: link.url.href,
  };
}

/**
 * The findings on a link of a file: for a URL, as the site crawl makes them for a link on a page; for a local file,
 * a missing file or fragment.
 */
export function fileFindings(link: CheckedLink): FileFinding[] {
  if (link.local !== undefined) {
    return link.local.missing === undefined ? [] : [{ finding: localFinding(link, link.local.missing), link }];
  }
  return linkFindings(linkRecord(link), targetRecord(link)).map((finding) => ({ finding, link }));
}

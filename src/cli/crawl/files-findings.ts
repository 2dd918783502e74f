import {
  type CheckedLink,
  type CrawlFinding,
  type LinkElement,
  type LinkRecord,
  linkFindings,
  type TargetRecord,
} from '../../crawl/index.js';
import type { CiFinding, CiLevel } from '../../formats/index.js';

/** One finding of the crawl's (src/crawl/link-findings.ts) on one link of a file. */
export interface FileFinding {
  finding: CrawlFinding;
  link: CheckedLink;
}

/** The crawl's element for a link of a file: what it loads or where it leads. */
function elementOf(link: CheckedLink): LinkElement {
  if (link.form === 'image') return 'img';
  const tag = link.element?.split(' ')[0];
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

/** The findings on a link of a file, as the site crawl makes them for a link on a page. */
export function fileFindings(link: CheckedLink): FileFinding[] {
  return linkFindings(linkRecord(link), targetRecord(link)).map((finding) => ({ finding, link }));
}

/** A finding's level in the CI formats. */
export function ciLevel(finding: CrawlFinding): CiLevel {
  return finding.severity === 'info' ? 'notice' : finding.severity;
}

/** The finding as the CI formats take it: on its file, line and column. */
export function ciFinding({ finding, link }: FileFinding): CiFinding {
  return {
    rule: finding.type,
    level: ciLevel(finding),
    line: link.line,
    column: link.column,
    path: link.file,
    title: `${finding.type}: ${link.target}`,
    message: finding.message,
    key: `${link.file}\0${link.target}`,
  };
}

import { applyEdits, type TextEdit, unifiedDiff } from '../inputs/index.js';
import type { CheckedLink, CrawlFilesResult } from './crawl-files.js';
import type { LinkFile } from './read-file-links.js';
import { rewrittenText } from './rewrite-target.js';

/** Which redirected links `--fix` rewrites. */
export interface FixPolicy {
  /** `--fix-temporary`: chains with a temporary redirect too (they may be undone by the site). */
  temporary: boolean;
}

/** One file's rewrite. */
export interface FileFix {
  file: LinkFile;
  /** The links rewritten, each with its new text. */
  edits: Array<TextEdit & { link: CheckedLink }>;
  fixed: string;
  diff: string;
}

/** Whether a link is rewritten: it redirects, ends in 2xx, and its chain is permanent (or temporary is allowed). */
export function isFixable(link: CheckedLink, policy: FixPolicy): boolean {
  const { verdict } = link.followed;
  return verdict.kind === 'redirect' && (verdict.permanent || policy.temporary);
}

function editOf(file: LinkFile, link: CheckedLink): (TextEdit & { link: CheckedLink }) | undefined {
  const { verdict } = link.followed;
  if (verdict.kind !== 'redirect') return undefined;
  const written = file.text.slice(link.start, link.end);
  const text = rewrittenText({
    form: link.form,
    written,
    target: link.target,
    url: link.url,
    finalUrl: verdict.finalUrl,
    ...(link.pageUrl === undefined ? {} : { pageUrl: link.pageUrl }),
    quoted: /["']/.test(file.text[link.start - 1] ?? ''),
  });
  return text === written ? undefined : { start: link.start, end: link.end, text, link };
}

/**
 * The rewrite of every file with a fixable link: each such link's target replaced by its final URL in the link's
 * own syntax, the rest of the file unchanged. Files whose text is not their exact bytes (not UTF-8) are left out,
 * and named in `unwritable`.
 */
export function planFixes(result: CrawlFilesResult, policy: FixPolicy): { fixes: FileFix[]; unwritable: string[] } {
  const fixes: FileFix[] = [];
  const unwritable: string[] = [];
  for (const file of result.files) {
    const links = result.links.filter((link) => link.file === file.path && isFixable(link, policy));
    const edits = links.flatMap((link) => editOf(file, link) ?? []);
    if (edits.length === 0) continue;
    if (!file.exact) {
      unwritable.push(file.path);
      continue;
    }
    const fixed = applyEdits(file.text, edits);
    fixes.push({ file, edits, fixed, diff: unifiedDiff(file.path, file.text, fixed) });
  }
  return { fixes, unwritable };
}

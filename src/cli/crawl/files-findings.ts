import type { CheckedLink } from '../../crawl/index.js';
import type { CiFinding, CiLevel } from '../formats/ci-report.js';

/** One link that redirects or is broken, as the files mode reports it. */
export interface FileFinding {
  rule: 'link_to_redirect' | 'link_to_chain' | 'link_to_error' | 'redirect_loop_linked';
  level: CiLevel;
  link: CheckedLink;
  /** What is wrong, in a sentence. */
  message: string;
  /** The final URL to link to instead, for a redirect that ends in 2xx. */
  finalUrl?: string;
}

function redirectWords(redirects: number, permanent: boolean): string {
  const kind = permanent ? 'permanent' : 'temporary';
  return redirects === 1
    ? `a ${kind} redirect`
    : `a chain of ${redirects} redirects (${kind === 'permanent' ? 'all permanent' : 'not all permanent'})`;
}

/** The finding of a link, or undefined when it answers 2xx where it points. */
export function fileFinding(link: CheckedLink): FileFinding | undefined {
  const { verdict } = link.followed;
  const written = link.target;
  if (verdict.kind === 'ok') return undefined;
  if (verdict.kind === 'redirect') {
    const rule = verdict.redirects === 1 ? 'link_to_redirect' : 'link_to_chain';
    const fix = verdict.permanent ? '(hoplens crawl --fix rewrites it)' : '(--fix-temporary rewrites it)';
    const message = `${written} goes through ${redirectWords(verdict.redirects, verdict.permanent)} to ${verdict.finalUrl} (${verdict.finalStatus}): link to it instead ${fix}`;
    return { rule, level: 'warning', link, message, finalUrl: verdict.finalUrl };
  }
  const rule = verdict.reason === 'redirect loop' ? 'redirect_loop_linked' : 'link_to_error';
  const after =
    verdict.redirects > 0 ? ` after ${verdict.redirects} redirect${verdict.redirects === 1 ? '' : 's'}` : '';
  return { rule, level: 'error', link, message: `${written} is broken${after}: ${verdict.reason}` };
}

/** The finding as the CI formats take it: on its file, line and column. */
export function ciFinding(finding: FileFinding): CiFinding {
  const { link } = finding;
  const title = `${finding.rule}: ${link.target}`;
  return {
    rule: finding.rule,
    level: finding.level,
    line: link.line,
    column: link.column,
    path: link.file,
    title,
    message: finding.message,
    key: `${link.file}\0${link.target}`,
  };
}

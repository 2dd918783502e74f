/** The variants view's verdict: one line on the whole grid, from its findings' severities; free of the DOM. */
import { plural } from '../../../report/view/text.js';
import type { VariantsResponse } from '../api-types.js';
import type { Verdict } from '../verdict.js';

/** One line on the whole grid, from its findings' severities. */
export function variantsVerdict(report: VariantsResponse): Verdict {
  const odd = report.grid.filter((row) => row.odd).length;
  const errors = report.findings.filter((finding) => finding.severity === 'error').length;
  const marked = `${plural(odd, 'variant')} of ${report.grid.length} marked odd.`;
  if (report.canonical === undefined) {
    return { level: 'error', title: 'No canonical URL', detail: `The URL as given did not end on a page. ${marked}` };
  }
  if (errors > 0) return { level: 'error', title: 'Variants end in different places', detail: marked };
  if (report.findings.some((finding) => finding.severity === 'warning'))
    return { level: 'warning', title: 'One canonical URL, with warnings', detail: marked };
  // Notes (a variant nobody links to answering 404) leave the verdict as it is: they are how a site should answer.
  const notes =
    report.findings.length > 0
      ? ', but those the notes below name: they answer that they do not exist, as a URL nobody links to should'
      : '';
  return {
    level: 'ok',
    title: 'One canonical URL, in one hop',
    detail: `Every variant reaches it in at most one redirect, over HTTPS, for crawlers and browsers alike${notes}.`,
  };
}

/** One line that says whether a chain is fine, from its summary and findings. */
import { countRedirects, wallText } from '../../core/portable/index.js';
import { plural } from '../../report/view/text.js';
import type { AnalysisResponse } from './api-types.js';

export interface Verdict {
  level: 'ok' | 'warning' | 'error';
  title: string;
  detail: string;
}

export function verdictOf(result: AnalysisResponse): Verdict {
  const { summary } = result;
  const errors = summary.issues.filter((issue) => issue.severity === 'error');
  const warnings = summary.issues.filter((issue) => issue.severity === 'warning');
  const redirects = countRedirects(result.chain);
  if (summary.hasLoop) {
    return { level: 'error', title: 'Redirect loop', detail: 'The chain never reaches a page: it loops.' };
  }
  if (summary.issues.some((issue) => issue.type === 'max_hops_reached')) {
    return { level: 'error', title: 'Too many redirects', detail: 'The chain was still redirecting at the hop limit.' };
  }
  const wall = result.chain[result.chain.length - 1]?.wall;
  if (wall !== undefined) {
    // A bot wall answered, not the page: neither broken nor working, as check's `inconclusive` row.
    return { level: 'warning', title: 'Inconclusive', detail: `${wallText(wall)}.` };
  }
  const parked = summary.issues.find((issue) => issue.type === 'parked_domain');
  if (parked !== undefined) {
    // It answers 200, but the site is gone: "works, with warnings" would say the opposite of what happened.
    return { level: 'warning', title: 'Parked domain', detail: parked.message };
  }
  if (summary.finalStatus >= 400) {
    return { level: 'error', title: `Ends in ${summary.finalStatus}`, detail: 'The chain ends on an error page.' };
  }
  if (errors.length > 0) {
    return { level: 'error', title: 'Problems found', detail: `${plural(errors.length, 'error')} in the chain.` };
  }
  if (warnings.length > 0) {
    return {
      level: 'warning',
      title: 'Works, with warnings',
      detail: `${plural(redirects, 'redirect')}, ${plural(warnings.length, 'warning')}.`,
    };
  }
  if (summary.finalStatus >= 300) {
    return { level: 'warning', title: `Ends in ${summary.finalStatus}`, detail: 'The last hop is not a page.' };
  }
  return redirects === 0
    ? { level: 'ok', title: 'No redirect', detail: 'The URL answers directly.' }
    : { level: 'ok', title: 'Redirects cleanly', detail: `${plural(redirects, 'redirect')} to a working page.` };
}

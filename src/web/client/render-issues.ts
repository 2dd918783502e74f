/**
 * The findings: most serious first, each with its severity, its help page and links to what it concerns (the hop of
 * an analysis, the rows of a variants grid), the same list for both.
 */

import { h } from '../../report/view/dom.js';
import { helpLink, hopId } from '../../report/view/page.js';
import type { Issue } from './api-types.js';

/** What the list shows of a finding: an analysis's issue or a variants finding. */
export interface ListedFinding {
  type: string;
  severity: Issue['severity'];
  message: string;
  help: string;
}

/** A link from a finding to the part of the page it concerns. */
export interface FindingLink {
  href: string;
  label: string;
}

export interface FindingsList<F extends ListedFinding> {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  /** Orders findings of the same severity. */
  order: (a: F, b: F) => number;
  links: (finding: F) => FindingLink[];
}

const ORDER: Readonly<Record<Issue['severity'], number>> = { error: 0, warning: 1, info: 2 };
const LABEL: Readonly<Record<Issue['severity'], string>> = { error: 'Error', warning: 'Warning', info: 'Info' };

/** One link as it is; several in one group, which wraps as a whole beside the message. */
function linksOf(links: FindingLink[]): HTMLElement | string {
  const anchors = links.map((link) => h('a', { class: 'issue__hop', href: link.href }, link.label));
  if (anchors.length <= 1) return anchors[0] ?? '';
  return h('span', { class: 'issue__links' }, ...anchors);
}

export function renderFindings<F extends ListedFinding>(findings: F[], list: FindingsList<F>): HTMLElement {
  const section = h(
    'section',
    { class: 'issues', 'aria-labelledby': list.titleId },
    h('h3', { id: list.titleId }, findings.length === 0 ? 'No issues found' : `Issues (${findings.length})`),
  );
  if (findings.length === 0) return section;
  const sorted = [...findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || list.order(a, b));
  section.append(
    h(
      'ul',
      { class: 'issues__list' },
      ...sorted.map((finding) =>
        h(
          'li',
          { class: `issue issue--${finding.severity}`, 'data-type': finding.type },
          h('span', { class: `severity severity--${finding.severity}` }, LABEL[finding.severity]),
          h('span', { class: 'issue__message' }, finding.message, ' ', helpLink(finding)),
          linksOf(list.links(finding)),
        ),
      ),
    ),
  );
  return section;
}

export function renderIssues(issues: Issue[]): HTMLElement {
  return renderFindings(issues, {
    titleId: 'issues-title',
    order: (a, b) => (a.hop ?? -1) - (b.hop ?? -1),
    links: (issue) =>
      issue.hop === undefined ? [] : [{ href: `#${hopId(issue.hop)}`, label: `Hop ${issue.hop + 1}` }],
  });
}

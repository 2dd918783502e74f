/** The findings: most serious first, each with its severity, its help page and a link to the hop it concerns. */

import { h, helpLink, hopId } from '../../report/view/page.js';
import type { Issue } from './api-types.js';

const ORDER: Readonly<Record<Issue['severity'], number>> = { error: 0, warning: 1, info: 2 };
const LABEL: Readonly<Record<Issue['severity'], string>> = { error: 'Error', warning: 'Warning', info: 'Info' };

export function renderIssues(issues: Issue[]): HTMLElement {
  const section = h(
    'section',
    { class: 'issues', 'aria-labelledby': 'issues-title' },
    h('h3', { id: 'issues-title' }, issues.length === 0 ? 'No issues found' : `Issues (${issues.length})`),
  );
  if (issues.length === 0) return section;
  const sorted = [...issues].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || (a.hop ?? -1) - (b.hop ?? -1));
  section.append(
    h(
      'ul',
      { class: 'issues__list' },
      ...sorted.map((issue) =>
        h(
          'li',
          { class: `issue issue--${issue.severity}`, 'data-type': issue.type },
          h('span', { class: `severity severity--${issue.severity}` }, LABEL[issue.severity]),
          h('span', { class: 'issue__message' }, issue.message, ' ', helpLink(issue)),
          issue.hop === undefined
            ? ''
            : h('a', { class: 'issue__hop', href: `#${hopId(issue.hop)}` }, `Hop ${issue.hop + 1}`),
        ),
      ),
    ),
  );
  return section;
}

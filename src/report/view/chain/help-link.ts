/** An issue's help page beside its message: a link to Search Central or to the service's docs page (help-target.ts). */

import { h } from '../dom.js';
import { helpTarget } from './help-target.js';
import type { Issue } from './hop-types.js';

export function helpLink(issue: Pick<Issue, 'help'> & { type: string }): HTMLElement {
  const target = helpTarget(issue.help);
  if (target.kind === 'reference') {
    return h(
      'span',
      { class: 'help-link help-link--ref', title: 'Explained in the hoplens documentation (package and repository)' },
      'See ',
      h('code', { translate: 'no' }, target.text),
    );
  }
  return h(
    'a',
    {
      class: 'help-link',
      href: target.href,
      rel: 'noopener noreferrer',
      target: '_blank',
      'data-type': issue.type,
      title: target.href,
    },
    target.text,
    h('span', { 'aria-hidden': 'true' }, ' ↗'),
    h('span', { class: 'visually-hidden' }, ' (about this finding, opens in a new tab)'),
  );
}

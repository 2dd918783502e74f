/**
 * What the run read but did not check, said where the figures are: a reader must not take the rows for every line of
 * the input. Skipped rules are listed with their reason (the first ones the report keeps), invalid lines counted (the
 * run printed each one where it ran).
 */
import type { NotChecked } from '../model/report-data.js';
import { h } from './dom.js';
import { plural } from './text.js';

export function notCheckedView(notChecked: NotChecked | undefined, input: string): HTMLElement | string {
  if (notChecked === undefined) return '';
  const { skipped, invalid, rules } = notChecked;
  const counts = [
    skipped > 0 ? `${plural(skipped, 'rule')} skipped` : '',
    invalid > 0 ? `${plural(invalid, 'invalid line')}, printed where the check ran` : '',
  ].filter((part) => part !== '');
  const more = skipped > rules.length ? h('p', {}, `and ${skipped - rules.length} more skipped rules`) : '';
  return h(
    'section',
    { class: 'facts not-checked', 'data-not-checked': String(skipped + invalid) },
    h('h3', {}, 'Not checked'),
    h('p', {}, `${counts.join('; ')}: these lines of ${input} have no row below.`),
    rules.length === 0
      ? ''
      : h(
          'ul',
          { 'data-list': 'skipped' },
          ...rules.map((rule) =>
            h(
              'li',
              { 'data-line': String(rule.line) },
              `Line ${rule.line}: `,
              h('code', {}, rule.text),
              ` (${rule.reason})`,
            ),
          ),
        ),
    more,
  );
}

/** The notice a many-URLs run ends with: its counts, the lines not read, and why it stopped early, if it did. */
import type { InputItem } from '../../../inputs/portable.js';
import { h } from '../../../report/view/dom.js';
import { formatWait, plural } from '../../../report/view/page.js';
import type { RunReport } from './many-run.js';

/** Why the run stopped before its end, in words, with how many rows were not checked; undefined for a whole run. */
function stopNotice(report: RunReport, notChecked: number, dropped: number): string | undefined {
  const rest = `${plural(notChecked, 'row')} not checked.`;
  switch (report.stop) {
    case 'done':
      return dropped > 0 ? `The day's quota of this service covers fewer rows than you pasted: ${rest}` : undefined;
    case 'quota': {
      const back = report.resetMs === undefined ? '' : ` It comes back in ${formatWait(report.resetMs / 1000)}.`;
      return `Stopped: your quota on this service is spent. ${rest}${back}`;
    }
    case 'cancelled':
      return `Cancelled: ${rest}`;
    case 'unreachable':
      return `Stopped: the hoplens server could not be reached. ${rest}`;
  }
}

/** What was left out of the run: rows never checked, and how many of them the day's quota dropped before it began. */
export interface LeftOut {
  notChecked: number;
  dropped: number;
  items: readonly InputItem[];
}

/** The closing notice (an alert when the run stopped early, with `data-not-checked`) and its sentence to announce. */
export function runNotice(report: RunReport, checked: number, left: LeftOut): { element: HTMLElement; spoken: string } {
  const { passed, failed, errored, inconclusive, invalid, skipped } = report.summary;
  const walled = inconclusive > 0 ? `, ${inconclusive} inconclusive (a bot wall answered)` : '';
  const counts = `${passed} passed, ${failed} failed, ${errored} errored${walled}`;
  const unread = [
    invalid > 0 ? `${plural(invalid, 'line')} not read` : '',
    skipped > 0 ? `${plural(skipped, 'rule')} skipped (splats, placeholders, conditions)` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const lines = left.items
    .flatMap((item) => (item.kind === 'invalid' ? [`line ${item.line}: ${item.message}`] : []))
    .slice(0, 5);
  const details = [
    h('p', {}, `${plural(checked, 'row')} checked: ${counts}.${unread ? ` ${unread}.` : ''}`),
    ...lines.map((line) => h('p', { class: 'many__invalid' }, line)),
  ];
  const stopped = stopNotice(report, left.notChecked, left.dropped);
  const spoken = `${stopped ?? 'Done.'} ${plural(checked, 'row')} checked: ${counts}.`;
  if (stopped === undefined) {
    const attrs = { class: 'notice notice--info', 'data-state': 'done', role: 'status' };
    return { element: h('div', attrs, h('p', { class: 'notice__title' }, 'Done'), ...details), spoken };
  }
  const attrs = {
    class: 'notice notice--warning',
    'data-state': report.stop === 'done' ? 'quota' : report.stop,
    role: 'alert',
    'data-not-checked': left.notChecked,
  };
  return { element: h('div', attrs, h('p', { class: 'notice__title' }, stopped), ...details), spoken };
}

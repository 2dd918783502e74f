/**
 * The chain as a vertical timeline: one step per hop with its status badge, how it led to the next hop (HTTP, a
 * refresh, script), URL, connection, time bar (render-hop-anatomy.ts), findings with their help, and folded
 * certificate and headers; a loop drawn as an arc from the last hop back to the hop it
 * returns to; a failed request as a last, broken step.
 */
import { displayUrl } from '../../../core/portable/index.js';
import { h } from '../dom.js';
import { plural, STATUS_CLASS_LABEL, statusClass } from './format.js';
import { helpLink } from './help-link.js';
import type { Hop, Issue } from './hop-types.js';
import { copyIcon, viaIcon } from './icons.js';
import { viaText } from './redirect-via.js';
import { certificateFold, connectionLine, timeLine } from './render-hop-anatomy.js';
import { hstsLine } from './render-hop-hsts.js';
import { wallLine } from './render-hop-wall.js';
import { longestHop } from './timing-segments.js';

/** The request that failed after the chain's last hop (500 answers). */
export interface FailedStep {
  url: string;
  code: string;
  message: string;
}

export interface ChainOptions {
  issues?: Issue[];
  failure?: FailedStep;
  /** Called by each URL's copy button. */
  onCopy: (text: string, what: string) => void;
}

export function hopId(index: number): string {
  return `hop-${index + 1}`;
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function urlLine(url: string, index: number | undefined, onCopy: ChainOptions['onCopy']): HTMLElement {
  const label = index === undefined ? 'the failed URL' : `the URL of hop ${index + 1}`;
  // The host in Unicode for reading; the link, the copy button and the tooltip keep the URL as sent.
  const shown = displayUrl(url);
  const title = shown === url ? undefined : url;
  const text = isWebUrl(url)
    ? h(
        'a',
        { class: 'step__url', href: url, rel: 'noreferrer noopener', target: '_blank', translate: 'no', title },
        shown,
      )
    : h('span', { class: 'step__url', translate: 'no', title }, shown);
  const copy = h('button', { type: 'button', class: 'icon-button', 'aria-label': `Copy ${label}`, title: 'Copy URL' });
  copy.append(copyIcon());
  copy.addEventListener('click', () => onCopy(url, 'URL'));
  return h('div', { class: 'step__url-line' }, text, copy);
}

function headersFold(headers: Record<string, string>): HTMLElement | undefined {
  const names = Object.keys(headers).sort();
  if (names.length === 0) return undefined;
  const list = h('dl', { class: 'headers' });
  for (const name of names) list.append(h('dt', {}, name), h('dd', { translate: 'no' }, headers[name] ?? ''));
  return h('details', { class: 'step__headers' }, h('summary', {}, `Headers (${names.length})`), list);
}

/**
 * How the hop led to the next one (`HTTP`, `meta refresh · 5 s`): an icon for the eye, the words for everyone, and
 * "via" for screen readers, who hear it after the status.
 */
function viaChip(hop: Hop): HTMLElement | undefined {
  const text = viaText(hop);
  if (text === undefined) return undefined;
  return h(
    'span',
    { class: 'step__via', 'data-via': text.via, title: text.description },
    viaIcon(text.via),
    h('span', { class: 'visually-hidden' }, 'via '),
    h('span', { class: 'step__via-label' }, text.label),
  );
}

function issueFlags(issues: Issue[]): HTMLElement | undefined {
  if (issues.length === 0) return undefined;
  return h(
    'ul',
    { class: 'step__flags', 'aria-label': 'Findings on this hop' },
    ...issues.map((issue) =>
      h('li', { class: `flag flag--${issue.severity}`, 'data-type': issue.type }, `${issue.message} `, helpLink(issue)),
    ),
  );
}

function hopStep(hop: Hop, index: number, slowest: number, options: ChainOptions): HTMLLIElement {
  const kind = statusClass(hop);
  const issues = (options.issues ?? []).filter((issue) => issue.hop === index);
  const loop = issues.find((issue) => issue.type === 'redirect_loop' && issue.loopsTo !== undefined);
  const item = h('li', {
    class: `step step--${kind}${loop === undefined ? '' : ' step--loops'}`,
    id: hopId(index),
    'data-status': hop.status,
  });
  const marker = h('span', { class: 'step__marker', 'aria-hidden': 'true' }, String(index + 1));
  const head = h(
    'div',
    { class: 'step__head' },
    h('span', { class: 'step__index' }, `Hop ${index + 1}`),
    h('span', { class: `badge badge--${kind}` }, String(hop.status)),
    h('span', { class: 'step__status-text' }, hop.statusText),
    h('span', { class: 'step__kind' }, STATUS_CLASS_LABEL[kind]),
    viaChip(hop),
  );
  const loopNote =
    loop?.loopsTo === undefined
      ? undefined
      : h(
          'p',
          { class: 'step__loop', 'data-loops-to': loop.loopsTo + 1 },
          h('span', { 'aria-hidden': 'true' }, '↩ '),
          'Loops back to ',
          h('a', { href: `#${hopId(loop.loopsTo)}` }, `hop ${loop.loopsTo + 1}`),
        );
  item.append(
    marker,
    h(
      'div',
      { class: 'step__body' },
      head,
      urlLine(hop.url, index, options.onCopy),
      connectionLine(hop) ?? '',
      hstsLine(hop) ?? '',
      wallLine(hop) ?? '',
      timeLine(hop, slowest),
      issueFlags(issues.filter((issue) => issue !== loop)) ?? '',
      loopNote ?? '',
      certificateFold(hop) ?? '',
      headersFold(hop.headers) ?? '',
    ),
  );
  return item;
}

function failedStep(failure: FailedStep, index: number, onCopy: ChainOptions['onCopy']): HTMLLIElement {
  return h(
    'li',
    { class: 'step step--failed', id: hopId(index) },
    h('span', { class: 'step__marker', 'aria-hidden': 'true' }, '✕'),
    h(
      'div',
      { class: 'step__body' },
      h(
        'div',
        { class: 'step__head' },
        h('span', { class: 'step__index' }, `Hop ${index + 1}`),
        h('span', { class: 'badge badge--failed' }, failure.code),
        h('span', { class: 'step__status-text' }, 'no response'),
      ),
      urlLine(failure.url, undefined, onCopy),
      h('p', { class: 'step__error' }, failure.message),
    ),
  );
}

/** The timeline. Call {@link drawLoops} once it is in the document, inside its own wrapper element. */
export function renderChain(chain: Hop[], options: ChainOptions): HTMLOListElement {
  const slowest = longestHop(chain);
  const list = h('ol', {
    class: 'timeline',
    'aria-label': `Redirect chain, ${plural(chain.length + (options.failure ? 1 : 0), 'hop')}`,
  });
  chain.forEach((hop, index) => {
    list.append(hopStep(hop, index, slowest, options));
  });
  if (options.failure !== undefined) list.append(failedStep(options.failure, chain.length, options.onCopy));
  return list;
}

/**
 * Draws each loop as an arc on the timeline's rail, from the hop that loops up to the hop it returns to, with an
 * arrowhead there; redraws when the timeline's size changes (a header fold opens, the window narrows).
 */
export function drawLoops(list: HTMLOListElement, issues: Issue[]): () => void {
  const loops = issues.filter(
    (issue): issue is Issue & { hop: number; loopsTo: number } =>
      issue.type === 'redirect_loop' && issue.hop !== undefined && issue.loopsTo !== undefined,
  );
  if (loops.length === 0) return () => {};
  list.classList.add('timeline--loop');
  // Arcs are drawn in the list's parent (an <ol> holds only <li>), which must be positioned.
  const frame = list.parentElement ?? list;
  frame.classList.add('timeline-frame');
  const arcs = loops.map((loop) => {
    const arc = h('div', {
      class: 'loop-arc',
      'aria-hidden': 'true',
      'data-from': loop.hop + 1,
      'data-to': loop.loopsTo + 1,
    });
    arc.append(h('span', { class: 'loop-arc__head' }), h('span', { class: 'loop-arc__label' }, 'loop'));
    frame.append(arc);
    return { arc, loop };
  });
  const layout = () => {
    for (const { arc, loop } of arcs) {
      const from = list.querySelector<HTMLElement>(`#${hopId(loop.hop)} .step__marker`);
      const to = list.querySelector<HTMLElement>(`#${hopId(loop.loopsTo)} .step__marker`);
      if (from === null || to === null) continue;
      const origin = frame.getBoundingClientRect().top;
      const centre = (marker: HTMLElement) => {
        const rect = marker.getBoundingClientRect();
        return rect.top - origin + rect.height / 2;
      };
      const toCentre = centre(to);
      const fromCentre = centre(from);
      arc.style.setProperty('--arc-top', `${Math.round(Math.min(toCentre, fromCentre))}px`);
      arc.style.setProperty('--arc-height', `${Math.max(Math.round(Math.abs(fromCentre - toCentre)), 12)}px`);
    }
  };
  layout();
  const observer = new ResizeObserver(layout);
  observer.observe(list);
  return () => {
    observer.disconnect();
    for (const { arc } of arcs) arc.remove();
  };
}

/** The URL that failed after `chain`: where its last hop's Location pointed, or the submitted URL. */
export function failedUrlOf(chain: Hop[], submitted: string): string {
  const last = chain[chain.length - 1];
  const location = last?.headers.location;
  if (last === undefined || location === undefined) return submitted;
  try {
    return new URL(location, last.url).href;
  } catch {
    return location;
  }
}

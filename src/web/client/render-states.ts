/** The notices around an analysis: loading with cancel, errors, the wait before retrying. */
import { type Child, h } from '../../report/view/dom.js';
import { formatWait } from '../../report/view/page.js';

export type NoticeLevel = 'info' | 'warning' | 'error';

/** A boxed message. Errors and warnings are alerts, so screen readers speak them at once. */
export function notice(level: NoticeLevel, kind: string, title: string, ...body: Child[]): HTMLElement {
  return h(
    'div',
    { class: `notice notice--${level}`, 'data-state': kind, role: level === 'info' ? 'status' : 'alert' },
    h('p', { class: 'notice__title' }, title),
    ...body,
  );
}

export function button(label: string, onClick: () => void, className = 'secondary'): HTMLButtonElement {
  const element = h('button', { type: 'button', class: className }, label);
  element.addEventListener('click', onClick);
  return element;
}

/** "Analyzing <url>…" (or `doing` <url>…) with a spinner and a Cancel button (Escape does the same). */
export function loadingNotice(url: string, onCancel: () => void, doing = 'Analyzing '): HTMLElement {
  return h(
    'div',
    { class: 'notice notice--loading', 'data-state': 'loading', role: 'status' },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    h('p', { class: 'notice__title' }, doing, h('span', { class: 'notice__url', translate: 'no' }, url), '…'),
    button('Cancel', onCancel),
  );
}

/**
 * A live "try again in 42 s" that counts down to zero, then says so and calls `onDone`. Returns a stop function.
 */
export function countdown(seconds: number, onDone: () => void): { element: HTMLElement; stop: () => void } {
  const deadline = Date.now() + seconds * 1000;
  const element = h('span', { class: 'countdown', 'data-seconds': seconds }, formatWait(seconds));
  const timer = window.setInterval(() => {
    const left = Math.ceil((deadline - Date.now()) / 1000);
    if (left > 0) {
      element.textContent = formatWait(left);
      element.dataset.seconds = String(left);
      return;
    }
    window.clearInterval(timer);
    element.textContent = 'now';
    element.dataset.seconds = '0';
    onDone();
  }, 1000);
  return { element, stop: () => window.clearInterval(timer) };
}

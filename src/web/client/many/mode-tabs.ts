/**
 * The switch between one URL and many: two tabs (the WAI-ARIA tabs pattern, https://www.w3.org/WAI/ARIA/apg/patterns/tabs/:
 * the selected tab alone in the tab order, arrow keys, Home and End move between them and select). Each mode shows
 * its own panel and the parts of the page that go with it.
 */
import { byId } from '../../../report/view/dom.js';

export type Mode = 'one' | 'many';

/** Wires the tabs; `onMany` runs the first time the many-URLs panel is shown. */
export function setupModeTabs(onMany: () => void): void {
  const tabs: Record<Mode, HTMLButtonElement> = {
    one: byId('tab-one', HTMLButtonElement),
    many: byId('tab-many', HTMLButtonElement),
  };
  // What belongs to the one-URL mode besides its form: its notices, its result, and opening a report file.
  const oneParts = ['analyze-form', 'status', 'results', 'report-open'].map((id) => byId(id, HTMLElement));
  const reportView = byId('report-view', HTMLElement);
  const many = byId('many', HTMLElement);
  let opened = false;
  const select = (mode: Mode, focus: boolean) => {
    for (const [name, tab] of Object.entries(tabs) as Array<[Mode, HTMLButtonElement]>) {
      tab.setAttribute('aria-selected', String(name === mode));
      tab.tabIndex = name === mode ? 0 : -1;
    }
    for (const part of oneParts) part.hidden = mode !== 'one';
    // A dropped report stays where it was, shown again with its mode.
    if (mode === 'many') reportView.dataset.shown = String(!reportView.hidden);
    reportView.hidden = mode === 'many' || reportView.dataset.shown !== 'true';
    many.hidden = mode !== 'many';
    document.querySelector('.skip-link')?.setAttribute('href', mode === 'many' ? '#many' : '#results');
    if (focus) tabs[mode].focus();
    if (mode === 'many' && !opened) {
      opened = true;
      onMany();
    }
  };
  reportView.dataset.shown = 'false';
  for (const [name, tab] of Object.entries(tabs) as Array<[Mode, HTMLButtonElement]>) {
    tab.addEventListener('click', () => select(name, false));
    tab.addEventListener('keydown', (event) => {
      const next: Record<string, Mode> = { ArrowLeft: 'one', ArrowRight: 'many', Home: 'one', End: 'many' };
      const mode = next[event.key];
      if (mode === undefined) return;
      event.preventDefault();
      select(mode, true);
    });
  }
}

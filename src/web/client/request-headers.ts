/**
 * The form's request headers: rows of a name and a value, the names offered from the API's own allow-list
 * (src/core/portable/api-headers.ts), so that the page suggests exactly what the service takes. A name typed outside
 * the list is still sent: the service is the one judge, and its 400 is shown beside the row that named it.
 */
import { API_HEADER_PREFIX, API_HEADERS } from '../../core/portable/index.js';
import { byId, h, replace } from '../../report/view/dom.js';

const LIST_ID = 'apiHeaderNames';

export class RequestHeadersField {
  private readonly rows = byId('headerRows', HTMLUListElement);
  private readonly error = byId('headers-error', HTMLParagraphElement);
  private counter = 0;

  constructor() {
    const names = byId(LIST_ID, HTMLDataListElement);
    for (const header of API_HEADERS) names.append(h('option', { value: header.display }));
    const why = byId('headers-why', HTMLDListElement);
    for (const header of API_HEADERS) why.append(h('dt', { translate: 'no' }, header.display), h('dd', {}, header.why));
    for (const slot of document.querySelectorAll('[data-api-headers]')) {
      slot.textContent = API_HEADERS.map((header) => header.display).join(', ');
    }
    byId('addHeader', HTMLButtonElement).addEventListener('click', () => this.addRow('', '').focus());
    this.fill([]);
  }

  /** Adds a row; returns its name field. */
  private addRow(name: string, value: string): HTMLInputElement {
    this.counter += 1;
    const id = `header-${this.counter}`;
    const nameInput = h('input', {
      id: `${id}-name`,
      class: 'header-row__name',
      type: 'text',
      list: LIST_ID,
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
      placeholder: 'Accept-Language',
      'aria-describedby': 'headers-error headers-hint',
    });
    const valueInput = h('input', {
      id: `${id}-value`,
      class: 'header-row__value',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'fr-FR',
    });
    nameInput.value = name;
    valueInput.value = value;
    const row = h(
      'li',
      { class: 'header-row' },
      h('label', { for: nameInput.id }, 'Name'),
      nameInput,
      h('label', { for: valueInput.id }, 'Value'),
      valueInput,
    );
    const remove = h('button', { type: 'button', class: 'secondary header-row__remove' }, 'Remove');
    remove.setAttribute('aria-label', `Remove the header ${name === '' ? `of row ${this.counter}` : name}`);
    remove.addEventListener('click', () => {
      row.remove();
      this.clearError();
      if (this.rows.children.length === 0) this.addRow('', '');
      byId('addHeader', HTMLButtonElement).focus();
    });
    nameInput.addEventListener('input', () => {
      remove.setAttribute('aria-label', `Remove the header ${nameInput.value || 'of this row'}`);
      this.clearError();
    });
    row.append(remove);
    this.rows.append(row);
    return nameInput;
  }

  /** The headers the rows hold: named rows only, names trimmed and lower-cased as the API's parameters name them. */
  read(): Array<readonly [string, string]> {
    const headers: Array<readonly [string, string]> = [];
    for (const row of this.rows.querySelectorAll('.header-row')) {
      const name = row.querySelector<HTMLInputElement>('.header-row__name')?.value.trim().toLowerCase() ?? '';
      const value = row.querySelector<HTMLInputElement>('.header-row__value')?.value ?? '';
      if (name !== '') headers.push([name, value]);
    }
    return headers;
  }

  /** Shows `headers` (from a shared address), one row each, shown as the allow-list spells them; one empty row else. */
  fill(headers: ReadonlyArray<readonly [string, string]>): void {
    replace(this.rows);
    for (const [name, value] of headers) {
      this.addRow(API_HEADERS.find((header) => header.name === name)?.display ?? name, value);
    }
    if (headers.length === 0) this.addRow('', '');
    this.clearError();
  }

  /**
   * Shows the service's message for the parameter `header.NAME` beside the row that named it, and focuses that row;
   * false when the parameter is no header's or no row names it. `reveal` unfolds what holds the rows first.
   */
  showError(parameter: string, message: string, reveal: () => void): boolean {
    if (!parameter.startsWith(API_HEADER_PREFIX)) return false;
    const name = parameter.slice(API_HEADER_PREFIX.length).toLowerCase();
    const input = [...this.rows.querySelectorAll<HTMLInputElement>('.header-row__name')].find(
      (field) => field.value.trim().toLowerCase() === name,
    );
    if (input === undefined) return false;
    this.error.textContent = message;
    this.error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    reveal();
    input.focus();
    return true;
  }

  clearError(): void {
    this.error.textContent = '';
    this.error.hidden = true;
    for (const input of this.rows.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  }
}

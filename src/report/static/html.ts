/**
 * HTML written as text, safe by construction: `html` escapes every value put into it except markup that `html`
 * itself made, so that a URL from a log or a crawled title can never become markup.
 */

/** Markup made by {@link html} (or {@link raw}): put into another `html` as it is. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe in an element's text or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A value put into `html`: markup as it is, lists joined, nothing for null/undefined/false, the rest escaped. */
export type HtmlValue = Markup | string | number | boolean | null | undefined | readonly HtmlValue[];

function part(value: HtmlValue): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<td>${url}</td>\`` escapes `url`. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Markup {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += part(value) + (strings[index + 1] ?? '');
  });
  return new Markup(text);
}

/** Markup that is already safe (built CSS, a document's fixed parts): never for text that came from outside. */
export function raw(text: string): Markup {
  return new Markup(text);
}

/**
 * The DOM kit of the report view and the page (src/web/client/): a tiny element builder, no templates and no
 * innerHTML, so that nothing the service returns is ever parsed as markup; and the page's lookups by id.
 */

export type Child = Node | string | number | false | null | undefined;

/** Attributes; `class` is the class list, boolean `true` sets an empty attribute and `false` leaves it out. */
export type Attrs = Record<string, string | number | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** The element with this id, of this type; throws when the page's markup and the code disagree. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`hoplens: #${id} missing from the page`);
  return element;
}

/** Empties `parent` and fills it with `children`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

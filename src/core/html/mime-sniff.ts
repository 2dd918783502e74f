/**
 * Whether a response is read as HTML: by its `Content-Type`, or, when it has none (or an unknown one), by its first
 * bytes as the MIME Sniffing standard's "rules for identifying an unknown MIME type" (§7.1, with the sniff-scriptable
 * flag a browser sets for a navigation) would find `text/html`.
 */

/** The MIME type essence of a `Content-Type` value (several headers: the last, as Fetch's "extract a MIME type"). */
function essenceOf(contentType: string | readonly string[] | undefined): string | undefined {
  const value = typeof contentType === 'string' ? contentType : contentType?.at(-1);
  const essence = value?.split(';', 1)[0]?.trim().toLowerCase();
  return essence === '' ? undefined : essence;
}

/** Types that say nothing (MIME Sniffing §7, "If the supplied MIME type is undefined or its essence is ..."). */
const UNKNOWN_TYPES: ReadonlySet<string> = new Set(['unknown/unknown', 'application/unknown', '*/*']);

/** Whether the `Content-Type` leaves the type to sniffing. */
export function typeIsUnknown(contentType: string | readonly string[] | undefined): boolean {
  const essence = essenceOf(contentType);
  return essence === undefined || UNKNOWN_TYPES.has(essence) || !essence.includes('/');
}

/** Whether the `Content-Type` says HTML (or XHTML, which hoplens reads as HTML for its signals). */
export function typeIsHtml(contentType: string | readonly string[] | undefined): boolean {
  const essence = essenceOf(contentType);
  return essence === 'text/html' || essence === 'application/xhtml+xml';
}

/**
 * The HTML patterns of §7.1's table, after leading whitespace bytes, each ended by a tag-terminating byte (a space or
 * `>`), compared case-insensitively.
 */
const HTML_PATTERN =
  /^[\t\n\f\r ]*<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[ >]/i;

/** How many bytes the sniffer looks at (§5.2, "reading the resource header": at most 1445). */
const RESOURCE_HEADER_BYTES = 1445;

/** Whether the first bytes of a body of unknown type are sniffed as `text/html`. */
export function sniffsAsHtml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, RESOURCE_HEADER_BYTES));
  return HTML_PATTERN.test(head.toString('latin1'));
}

/** Whether a page with this `Content-Type` and these first bytes is read as HTML. */
export function readsAsHtml(contentType: string | readonly string[] | undefined, bytes: Uint8Array): boolean {
  return typeIsHtml(contentType) || (typeIsUnknown(contentType) && sniffsAsHtml(bytes));
}

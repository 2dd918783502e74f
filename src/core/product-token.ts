/**
 * The product token of a User-Agent, as robots.txt groups name crawlers (RFC 9309 §2.2.1: letters, `_` and `-`):
 * `hoplens/1.0` → `hoplens`; a crawler announcing itself in a browser-like string, `Mozilla/5.0 (compatible;
 * Googlebot/2.1; +http://www.google.com/bot.html)`, → `Googlebot`; any other browser string → its first product.
 */
export function productToken(userAgent: string): string {
  const compatible = /\(compatible;\s*([A-Za-z_-]+)/i.exec(userAgent);
  if (compatible?.[1] !== undefined) return compatible[1];
  return /[A-Za-z_-]+/.exec(userAgent)?.[0] ?? '*';
}

/** The longest crawler name the `crawler` option takes: longer than any crawler's token in use. */
export const PRODUCT_TOKEN_MAX_LENGTH = 64;

/**
 * Whether `value` is a product token a robots.txt group can name (RFC 9309 §2.2.1: `[a-zA-Z_-]+`; Google's
 * `IsValidUserAgentToObey` is the same rule). A digit, a space or a `/` would never match a group: Google reads a
 * `User-agent` value only up to the first character outside that set.
 */
export function isProductToken(value: string): boolean {
  return value.length <= PRODUCT_TOKEN_MAX_LENGTH && /^[A-Za-z_-]+$/.test(value);
}

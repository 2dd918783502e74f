/** A crawler's product token, as robots.txt groups name crawlers (RFC 9309 §2.2.1): the `crawler` option. */

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

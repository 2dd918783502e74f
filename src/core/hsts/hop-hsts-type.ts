// Its own file: the hop's type (../types.ts) and the HSTS store both name it, and the store is named by the options.

/**
 * A hop's `Strict-Transport-Security` as a browser reads it (RFC 6797 §6.1, §8.1): the first field only, ignored when
 * invalid or received over plain HTTP.
 */
export interface HopHsts {
  /** The first field's value, as received. */
  value: string;
  /** How many STS fields the response had; a browser processes only the first (RFC 6797 §8.1). */
  fields: number;
  /** Whether the first field conforms to RFC 6797 §6.1 (a browser ignores one that does not). */
  valid: boolean;
  /** Why it is invalid (absent when valid). */
  problem?: string;
  /** `max-age` in seconds (absent when invalid); 0 tells a browser to forget the host. */
  maxAge?: number;
  /** The `includeSubDomains` directive is present (absent when invalid). */
  includeSubDomains?: boolean;
  /** The `preload` directive is present (absent when invalid). */
  preload?: boolean;
  /**
   * Whether a browser acts on it: valid and received over HTTPS without a certificate error (over HTTP, or over a
   * connection whose certificate failed under `tls: 'report'`, it is ignored, RFC 6797 §8.1).
   */
  counts: boolean;
}

/** What a checker received at a hop, as the bot wall rules read it. */
export interface WallAnswer {
  readonly status: number;
  /** Response headers with lowercase names; a repeated header's values as a list. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The start of the body as text (bytes read as Latin-1: the signals are ASCII), when it was read. */
  readonly body?: string | undefined;
}

/** The vendors whose walls hoplens recognises, and `generic` for a CAPTCHA or proof-of-work page of no vendor. */
export const WALL_VENDORS = [
  'cloudflare',
  'aws-waf',
  'vercel',
  'akamai',
  'imperva',
  'sucuri',
  'datadome',
  'perimeterx',
  'generic',
] as const;
export type WallVendor = (typeof WALL_VENDORS)[number];

/**
 * A bot wall's answer: a vendor's challenge (a browser would pass it: a JavaScript or CAPTCHA check) or block (the
 * vendor refused this client). Either way the answer is the wall's, not the page's: the chain's real end is unknown.
 */
export interface HopWall {
  vendor: WallVendor;
  action: 'challenge' | 'block';
  /** The signal that gave it away, as a person can check it (`cf-mitigated: challenge`). */
  signal: string;
}

/** One header's value (the first, for a repeated one), lower-cased; '' when absent. */
export function headerValue(answer: WallAnswer, name: string): string {
  const value = answer.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim().toLowerCase() : '';
}

/** Every value of a header joined by newlines (Set-Cookie), '' when absent. */
export function headerValues(answer: WallAnswer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '';
}

import { HoplensError } from './errors.js';
import { normalizeUrlInput } from './portable/url-input.js';

/** Parses the URL submitted for analysis: it must be absolute http(s) with a host. */
export function parseTargetUrl(input: unknown): URL {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new HoplensError('INVALID_URL', 'A URL is required');
  }
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new HoplensError('INVALID_URL', `Not a valid URL: ${JSON.stringify(input.slice(0, 200))}`, { url: input });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `example.com:8080` parses with the scheme `example.com:`: say what is missing rather than name that scheme.
    const withScheme = normalizeUrlInput(input);
    if (withScheme !== input.trim()) {
      throw new HoplensError('INVALID_URL', `The URL has no scheme: write ${withScheme.slice(0, 200)}`, { url: input });
    }
    throw new HoplensError('INVALID_URL', `Only http and https URLs can be analysed, not ${url.protocol}`, {
      url: input,
    });
  }
  if (url.hostname === '') throw new HoplensError('INVALID_URL', 'The URL has no host', { url: input });
  // A domain may not hold `%` (the URL Standard's forbidden domain code points, https://url.spec.whatwg.org/#forbidden-domain-code-point),
  // and Node's parser refuses `https://not a url/`; Chromium's percent-encodes its spaces into the host instead. Refused
  // here too, so that the page reads a pasted list as the CLI reads the same file.
  if (url.hostname.includes('%')) {
    throw new HoplensError('INVALID_URL', `Not a valid URL: ${JSON.stringify(input.slice(0, 200))}`, { url: input });
  }
  return url;
}

/**
 * Parses what a person typed (the command line, a list or CSV row): a bare host gets `https://` first, by the web
 * page's rule in src/core/portable/url-input.ts, and a URL that still cannot be read is reported as typed.
 */
export function parseUrlInput(typed: string): URL {
  const withScheme = normalizeUrlInput(typed);
  if (withScheme === typed.trim()) return parseTargetUrl(typed);
  try {
    return parseTargetUrl(withScheme);
  } catch {
    throw new HoplensError('INVALID_URL', `Not a valid URL: ${JSON.stringify(typed.slice(0, 200))}`, { url: typed });
  }
}

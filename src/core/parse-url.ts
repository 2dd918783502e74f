import { HoplensError } from './errors.js';

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
    throw new HoplensError('INVALID_URL', `Only http and https URLs can be analysed, not ${url.protocol}`, {
      url: input,
    });
  }
  if (url.hostname === '') throw new HoplensError('INVALID_URL', 'The URL has no host', { url: input });
  return url;
}

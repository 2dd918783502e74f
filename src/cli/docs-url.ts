import { invalidFlag } from './errors.js';
import type { CliIo } from './io.js';

/**
 * `HOPLENS_DOCS_URL`: the URL of a running hoplens (`hoplens serve`) whose `/docs` serves the docs pages. The report
 * formats link each of hoplens's own help pages there (SARIF's `helpUri` and `informationUri`, JUnit's help lines);
 * unset, they link only pages that exist elsewhere (Google Search Central), since hoplens is published nowhere a link
 * could be guessed at (issue 44). Read when a command that writes a report starts, before any request: a value that
 * is not an http(s) URL is a usage error (exit 2). Its trailing slash is dropped, so that `/docs/...` follows it.
 */
export function docsUrlSetting(env: CliIo['env']): string | undefined {
  const value = env.HOPLENS_DOCS_URL?.trim();
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw invalidFlag(
      'HOPLENS_DOCS_URL',
      'must be the http(s) URL of a running hoplens, such as https://hoplens.example.com',
      value,
    );
  }
  return value.replace(/\/+$/, '');
}

import { servedDocPath } from '../core/index.js';

/**
 * A finding's help as a link, or undefined when there is none to give (issue 44). A web page's URL (the core's
 * Google Search Central pages) is linked as it is. hoplens's own pages are paths in the package
 * (`docs/issues.md#type`) and hoplens is published nowhere a link to them could point: they are linked only on a
 * running hoplens that serves them, `docsUrl` (HOPLENS_DOCS_URL, without its trailing slash), as its
 * `/docs/issues#type`. No host is ever guessed.
 */
export function helpLink(help: string, docsUrl: string | undefined): string | undefined {
  if (/^https?:\/\//.test(help)) return help;
  const path = servedDocPath(help);
  return path === undefined || docsUrl === undefined ? undefined : `${docsUrl}${path}`;
}

/** Where a tool's information is (SARIF's `informationUri`): the CLI's reference on that hoplens, or none. */
export function informationLink(docsUrl: string | undefined): string | undefined {
  return docsUrl === undefined ? undefined : `${docsUrl}/docs/cli`;
}

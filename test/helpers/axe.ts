/**
 * axe-core's WCAG 2.1 A/AA check of a page in Chromium (axe's rule tags:
 * https://github.com/dequelabs/axe-core/blob/develop/doc/API.md#axe-core-tags), for every e2e test that looks at a face.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeResults {
  violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>;
}

/**
 * axe's WCAG 2.1 A/AA violations on `page`, one line each (rule, then the offending elements). Injected through
 * the DevTools protocol, which the page's CSP does not govern, so the page's own policy stays as served.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  // A string, run in the page: the tests are compiled without the DOM's types.
  const found: AxeResults = await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} } })`,
  );
  return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Every kind of finding hoplens reports, with the page that explains it: the core's chain findings (their help as the
 * core gives it, src/core/issues/help.ts), and the variants grid's and the crawl's, which are explained in their own
 * sections of docs/issues.md. `hoplens explain` knows exactly these kinds, and the CI formats link the same pages, so
 * a kind added to a room's list is explained and linked without a second list to keep.
 */
import { ISSUE_HELP, ISSUE_TYPES } from '../core/index.js';
import { CRAWL_ISSUE_TYPES } from '../crawl/crawl-issue-types.js';
import { VARIANT_ISSUE_TYPES } from '../variants/index.js';

/** Every finding kind, the core's first, in the order of their lists. */
export const FINDING_TYPES: readonly string[] = Object.freeze([
  ...ISSUE_TYPES,
  ...VARIANT_ISSUE_TYPES,
  ...CRAWL_ISSUE_TYPES,
]);

/** Each finding kind's help: a Google Search Central URL, or its section of the package's docs/issues.md. */
export const FINDING_HELP: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    FINDING_TYPES.map((type) => [
      type,
      Object.hasOwn(ISSUE_HELP, type) ? ISSUE_HELP[type as keyof typeof ISSUE_HELP] : `docs/issues.md#${type}`,
    ]),
  ),
);

/** Whether `name` is a finding kind hoplens reports. */
export function isFindingType(name: string): boolean {
  return Object.hasOwn(FINDING_HELP, name);
}

import { PACKAGE_VERSION } from '../../core/index.js';
import { FINDING_HELP, isFindingType } from '../finding-help.js';

/**
 * A finding's help page as an absolute URL, which SARIF's `helpUri` must be and a CI log can link. The core gives
 * Google Search Central pages as URLs and hoplens's own pages as paths in the package (`docs/issues.md#type`); those
 * are served, for the version that wrote the report, by unpkg from the published package, which ships `docs/`.
 */
export function absoluteHelp(help: string): string {
  if (/^https?:\/\//.test(help)) return help;
  return `https://unpkg.com/hoplens@${PACKAGE_VERSION}/${help}`;
}

/** Where each lint kind is explained: the lint section of the CLI's reference. */
export const LINT_HELP = 'docs/cli.md#hoplens-lint-file';
/** Where `fix` is explained. */
export const FIX_HELP = 'docs/cli.md#hoplens-fix-file';
/** Where the links found in files are explained. */
export const CRAWL_FILES_HELP = 'docs/crawl.md#links-in-files';
/** Where check's own verdicts (expectations, errors) are explained. */
export const CHECK_HELP = 'docs/cli.md#when-a-row-fails';

/**
 * A finding type's help for SARIF's rules: a finding kind's own page (src/formats/finding-help.ts), a lint kind's
 * section of the CLI reference, and check's own verdicts their section.
 */
export function ciRuleHelp(command: 'check' | 'lint' | 'fix' | 'crawl', rule: string): { uri: string; text: string } {
  if (isFindingType(rule)) {
    return {
      uri: FINDING_HELP[rule]!,
      text: `A hoplens finding; \`hoplens explain ${rule}\` says what it means and what to do.`,
    };
  }
  if (command === 'lint') {
    return { uri: LINT_HELP, text: `A finding of \`hoplens lint\` among the rules of a redirect file (${rule}).` };
  }
  if (command === 'crawl') {
    return { uri: CRAWL_FILES_HELP, text: `A link in a file that redirects or is broken (${rule}).` };
  }
  if (command === 'fix') {
    return { uri: FIX_HELP, text: '`hoplens fix` would point this rule straight at its final destination.' };
  }
  return { uri: CHECK_HELP, text: `A row of \`hoplens check\` that did not meet its expectation (${rule}).` };
}

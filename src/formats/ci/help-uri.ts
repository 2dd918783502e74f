import { FINDING_HELP, isFindingType } from '../finding-help.js';
import { helpLink } from '../help-link.js';

/** Where each lint kind is explained: the lint section of the CLI's reference. */
export const LINT_HELP = 'docs/cli.md#hoplens-lint-file';
/** Where `fix` is explained. */
export const FIX_HELP = 'docs/cli.md#hoplens-fix-file';
/** Where the links found in files are explained. */
export const CRAWL_FILES_HELP = 'docs/crawl.md#links-in-files';
/** Where check's own verdicts (expectations, errors) are explained. */
export const CHECK_HELP = 'docs/cli.md#when-a-row-fails';

/** A rule's help for SARIF: a line of text, and the page it is explained on when there is a link to give. */
export interface CiRuleHelp {
  uri?: string;
  text: string;
}

/** The page a finding type is explained on, as the core and the rooms give it (a URL, or a path in the package). */
function rulePage(command: 'check' | 'lint' | 'fix' | 'crawl', rule: string): { page: string; text: string } {
  if (isFindingType(rule)) {
    return {
      page: FINDING_HELP[rule]!,
      text: `A hoplens finding; \`hoplens explain ${rule}\` says what it means and what to do.`,
    };
  }
  if (command === 'lint') {
    return { page: LINT_HELP, text: `A finding of \`hoplens lint\` among the rules of a redirect file (${rule}).` };
  }
  if (command === 'crawl') {
    return { page: CRAWL_FILES_HELP, text: `A link in a file that redirects or is broken (${rule}).` };
  }
  if (command === 'fix') {
    return { page: FIX_HELP, text: '`hoplens fix` would point this rule straight at its final destination.' };
  }
  return { page: CHECK_HELP, text: `A row of \`hoplens check\` that did not meet its expectation (${rule}).` };
}

/**
 * A finding type's help for SARIF's rules: a finding kind's own page (src/formats/finding-help.ts), a lint kind's
 * section of the CLI reference, and check's own verdicts their section; linked as {@link helpLink} allows (a page of
 * hoplens's own docs only with `docsUrl`).
 */
export function ciRuleHelp(command: 'check' | 'lint' | 'fix' | 'crawl', rule: string, docsUrl?: string): CiRuleHelp {
  const { page, text } = rulePage(command, rule);
  const uri = helpLink(page, docsUrl);
  return uri === undefined ? { text } : { uri, text };
}

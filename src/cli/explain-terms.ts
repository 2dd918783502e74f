/**
 * What `hoplens explain` knows besides the finding kinds (whose words are their sections of docs/issues.md): lint
 * kinds, the CI formats' own finding types, every error code the command line or the API reports, and the exit
 * statuses. Each is read from the one table that declares it, with the words that table carries, so a kind or code
 * added there is explained here without a second list.
 */
import { ERROR_CODE_WORDS } from '../core/index.js';
import { CRAWL_ERROR_WORDS } from '../crawl/errors.js';
import { CI_RULE_WORDS, LINT_HELP } from '../formats/index.js';
import { INPUTS_ERROR_WORDS } from '../inputs/light.js';
import { LINT_ERROR_WORDS, LINT_KIND_TABLE } from '../lint/index.js';
import { SERVICE_ERROR_WORDS } from '../schemas/error-body.js';
import { CLI_ERROR_WORDS } from './errors.js';
import { EXIT_CODES, EXIT_STATUSES } from './exit-codes.js';

/** One name `explain` knows: the name as it is printed, what sort of name it is, and its explanation (Markdown). */
export interface ExplainTerm {
  readonly name: string;
  readonly sort: 'lint kind' | 'CI type' | 'error code' | 'exit status';
  readonly text: string;
}

/** The rooms' error code tables, each with the words saying whose codes they are. */
const CODE_TABLES: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
  ['An error code of the core: the library, the command line and the API report it.', ERROR_CODE_WORDS],
  ['An error code of reading an input (check, lint, fix, monitor import).', INPUTS_ERROR_WORDS],
  ['An error code of `hoplens lint`.', LINT_ERROR_WORDS],
  ['An error code of reading a crawl state (`hoplens compare`, `crawl --resume`).', CRAWL_ERROR_WORDS],
  ["An error code of the command line's own.", CLI_ERROR_WORDS],
  ['An error code of the API (`hoplens serve`), in the `error.code` of its answers.', SERVICE_ERROR_WORDS],
];

function exitOf(code: string): string {
  if (!Object.hasOwn(EXIT_CODES, code)) return '';
  const status = EXIT_CODES[code as keyof typeof EXIT_CODES];
  return ` The command line exits with status ${status} (\`hoplens explain ${status}\`).`;
}

function codeTerms(): ExplainTerm[] {
  return CODE_TABLES.flatMap(([whose, table]) =>
    Object.entries(table).map(
      ([code, words]): ExplainTerm => ({
        name: code,
        sort: 'error code',
        text: `## ${code}\n\n${whose}${exitOf(code)}\n\n${words}`,
      }),
    ),
  );
}

function exitTerms(): ExplainTerm[] {
  return Object.values(EXIT_STATUSES).map(({ status, words }): ExplainTerm => {
    const codes = Object.entries(EXIT_CODES)
      .filter(([, exit]) => exit === status)
      .map(([code]) => `\`${code}\``);
    const from = codes.length === 0 ? '' : `\n\nThe error codes that give it: ${codes.join(', ')}.`;
    return { name: String(status), sort: 'exit status', text: `## Exit status ${status}\n\n${words}${from}` };
  });
}

function lintTerms(): ExplainTerm[] {
  return Object.entries(LINT_KIND_TABLE).map(
    ([kind, { severity, words }]): ExplainTerm => ({
      name: kind,
      sort: 'lint kind',
      text:
        `## ${kind}\n\nSeverity: **${severity}**. A kind of \`hoplens lint\` finding, among the rules of a redirect ` +
        `file (${LINT_HELP}).\n\n${words}`,
    }),
  );
}

function ciTerms(): ExplainTerm[] {
  return Object.entries(CI_RULE_WORDS).map(
    ([type, words]): ExplainTerm => ({
      name: type,
      sort: 'CI type',
      text: `## ${type}\n\nA finding type of the CI formats (github, sarif, gitlab, markdown).\n\n${words}`,
    }),
  );
}

/** Every name `explain` knows besides the finding kinds, in the order: lint kinds, CI types, codes, exit statuses. */
export function explainTerms(): ExplainTerm[] {
  return [...lintTerms(), ...ciTerms(), ...codeTerms(), ...exitTerms()];
}

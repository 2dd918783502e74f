import { issueSection, readIssueDocs } from '../../core/index.js';
import { FINDING_TYPES, isFindingType } from '../../formats/finding-help.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { type ExplainTerm, explainTerms } from '../explain-terms.js';
import type { CliIo } from '../io.js';

/** What a finding's `help` says for hoplens's own sections, accepted as it is printed: `docs/issues.md#<type>`. */
const HELP_PREFIX = /^(?:docs\/issues\.md)?#/;

/** The refusal of a name `explain` does not know: every name it knows, by sort. */
function unknown(name: string, terms: readonly ExplainTerm[]): Error {
  const of = (sort: ExplainTerm['sort']) => [...new Set(terms.filter((term) => term.sort === sort).map((t) => t.name))];
  const known = [
    `finding types: ${FINDING_TYPES.join(', ')}`,
    `lint kinds: ${of('lint kind').join(', ')}`,
    `CI types: ${of('CI type').join(', ')}`,
    `error codes: ${of('error code').join(', ')}`,
    `exit statuses: ${of('exit status').join(', ')}`,
  ];
  return cliError(
    'USAGE_ERROR',
    `no finding type, lint kind, CI type, error code or exit status "${name}". Known ${known.join('; ')}`,
  );
}

/** The finding kind's section of docs/issues.md, from the installed package. */
function findingSection(type: string): string {
  let docs: string;
  try {
    docs = readIssueDocs();
  } catch (error) {
    throw cliError('INPUT_ERROR', `cannot read hoplens's docs/issues.md: ${(error as Error).message}`);
  }
  const section = issueSection(docs, type);
  if (section === undefined) throw cliError('INTERNAL_ERROR', `docs/issues.md has no section for ${type}`);
  return section;
}

/**
 * `hoplens explain <name>`: a finding kind's section of docs/issues.md (named as a kind or as its help,
 * `docs/issues.md#redirect_loop`), or what a lint kind, a CI type, an error code (in any letter case, when the name
 * is nothing else) or an exit status means, as Markdown; each meaning of a name that has several (`INTERNAL_ERROR`).
 */
export async function explainCommand(name: string, io: CliIo): Promise<number> {
  const typed = name.trim().replace(HELP_PREFIX, '');
  const terms = explainTerms();
  const exact = terms.filter((term) => term.name === typed);
  // An error code in lower case, unless the name is something else as typed (blocked_destination is a finding too).
  const matching =
    exact.length > 0 || isFindingType(typed)
      ? exact
      : terms.filter((term) => term.sort === 'error code' && term.name === typed.toUpperCase());
  const texts = [...(isFindingType(typed) ? [findingSection(typed)] : []), ...matching.map((term) => term.text)];
  if (texts.length === 0) throw unknown(name, terms);
  io.stdout.write(`${texts.join('\n\n')}\n`);
  return EXIT.OK;
}

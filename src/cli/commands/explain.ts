import { issueSection, readIssueDocs } from '../../core/index.js';
import { FINDING_TYPES, isFindingType } from '../../formats/finding-help.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';

/** What a finding's `help` says for hoplens's own sections, accepted as it is printed: `docs/issues.md#<type>`. */
const HELP_PREFIX = /^(?:docs\/issues\.md)?#/;

/**
 * The finding kind named (a chain's, a variants grid's or a crawl's), as a kind or as its help
 * (`docs/issues.md#redirect_loop`); a usage error otherwise.
 */
function issueType(name: string): string {
  const type = name.trim().replace(HELP_PREFIX, '');
  if (isFindingType(type)) return type;
  throw cliError('USAGE_ERROR', `no issue type "${name}": one of ${FINDING_TYPES.join(', ')}`);
}

/** `hoplens explain <type>`: the type's section of docs/issues.md, from the installed package, as Markdown. */
export async function explainCommand(name: string, io: CliIo): Promise<number> {
  const type = issueType(name);
  let docs: string;
  try {
    docs = readIssueDocs();
  } catch (error) {
    throw cliError('INPUT_ERROR', `cannot read hoplens's docs/issues.md: ${(error as Error).message}`);
  }
  const section = issueSection(docs, type);
  if (section === undefined) throw cliError('INTERNAL_ERROR', `docs/issues.md has no section for ${type}`);
  io.stdout.write(`${section}\n`);
  return EXIT.OK;
}

/**
 * Declares `hoplens compare <before> <after>` on the command tree; its code (src/cli/commands/compare.ts) is imported
 * when it runs.
 */
import { type Command, Option } from 'commander';
import { CHANGE_KINDS } from '../compare/change-kinds.js';
import { COMPARE_FORMATS } from '../formats/compare/compare-formats.js';
import type { CompareFlags } from './commands/compare.js';
import type { CliIo } from './io.js';

/** The kinds, a few to a line, so that the help fits a terminal. */
function kindLines(): string {
  const lines: string[] = [];
  for (const kind of CHANGE_KINDS) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + kind.length < 90) lines[last] += `, ${kind}`;
    else lines.push(kind);
  }
  return lines.join(',\n  ');
}

const COMPARE_HELP = `
Examples:
  $ hoplens crawl https://www.example.com/ --state before      # before the move
  $ hoplens crawl https://www.example.com/ --state after       # after it
  $ hoplens compare before after
  $ hoplens compare before after --format html -o changes.html
  $ hoplens compare before after --format csv --fail-on page_lost,noindex_added,robots_disallowed

Kinds of change, in the order they are ranked (what a search engine notices first):
  ${kindLines()}

Exit status:
  0    compared (whatever changed, unless --fail-on names it)
  1    a change of a kind --fail-on names
  2    usage error, or a directory that is no crawl state of this version (crawl again with --state)

See docs/cli.md#hoplens-compare-before-after.
`;

export function addCompareCommand(root: Command, io: CliIo, status: { code: number }): void {
  root
    .command('compare')
    .description('what changed between two crawls of a site: pages lost, redirects, noindex, canonicals, titles...')
    .argument('<before>', 'the state directory of the crawl before (hoplens crawl --state DIR)')
    .argument('<after>', 'the state directory of the crawl after')
    .addOption(new Option('--format <format>', 'output format').choices(COMPARE_FORMATS).default('table'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--fail-on <kinds>', 'exit 1 when a change of these kinds is found (comma-separated, or any): for CI')
    .addHelpText('after', COMPARE_HELP)
    .action(async (before: string, after: string, flags: CompareFlags) => {
      const { compareCommand } = await import('./commands/compare.js');
      status.code = await compareCommand(before, after, flags, io);
    });
}

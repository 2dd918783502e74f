/**
 * Declares `hoplens coverage <map>` on the command tree: its flags and help only; the command's code
 * (src/cli/commands/coverage.ts) and the coverage room are imported when it runs.
 */
import { type Command, Option } from 'commander';
import { addAnalysisOptions } from '../analysis-options.js';
import { CHECK_LIMITS } from '../check/limits.js';
import { inputOptions } from '../input-options.js';
import type { CliIo } from '../io.js';
import { COVERAGE_FORMATS, type CoverageFlags, LOG_FORMAT_NAMES } from './flags.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const COVERAGE_HELP = `
Examples:
  $ hoplens coverage _redirects --log access.log --base-url https://www.example.com
  $ hoplens coverage redirects.csv --log access.log.1.gz --log access.log --traffic gsc-pages.csv --top 50
  $ zcat access.log.*.gz | hoplens coverage nginx.conf --log - --base-url https://www.example.com --format csv
  $ hoplens coverage _redirects --log access.log --base-url https://www.example.com --live --report html=coverage.html

The map is read as check and lint read it: a CSV or list of source,target pairs is matched exactly (URLs compared
as check compares them); a netlify, vercel, apache or nginx file by its own rules (splats, placeholders, regexes, the
format's precedence), offline. A URL whose target the map redirects again is marked "redirected again".

Summary: hits in all (people's; known bots counted apart with --bots separate), the share covered by the map, the
share the map redirects to a target it does not redirect again, and with --live the share that landed on a 200
after exactly one redirect on the site (checked as check checks a row); then the top uncovered URLs.

Exit status:
  0    the coverage was measured (it is a measurement, not a gate), or met --fail-under
  1    --fail-under: the share of hits covered is below it
  2    usage or input error
  130  interrupted (Ctrl-C)

See docs/cli.md ("hoplens coverage") and docs/logs.md (the logs read and what counts).
`;

/** The flags of the traffic: which files, which format, what counts. */
function trafficOptions(command: Command): Command {
  return command
    .option('--log <file>', 'an access log (plain or gzip; - reads standard input); repeatable', collect, [])
    .addOption(
      new Option('--log-format <format>', "the logs' format (default: detected per file)").choices(LOG_FORMAT_NAMES),
    )
    .option(
      '--traffic <csv>',
      'a Search Console "Pages" export or a backlinks export (a URL column and a number column); repeatable',
      collect,
      [],
    )
    .option('--keep-query', 'count URLs with their query string (default: the query is dropped)')
    .option('--include-assets', 'count requests for assets too (images, scripts, styles, fonts...)')
    .addOption(
      new Option('--bots <policy>', 'known bots (isbot): counted apart, with people, or not at all')
        .choices(['separate', 'include', 'exclude'])
        .default('separate'),
    );
}

/** The flags of the output and of `--live`. */
function outputOptions(command: Command): Command {
  const L = CHECK_LIMITS;
  return command
    .addOption(new Option('--format <format>', 'output format').choices(COVERAGE_FORMATS).default('table'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option(
      '--report <format=file>',
      'also write a report in FORMAT to FILE (html=coverage.html...); repeatable',
      collect,
      [],
    )
    .option(
      '--top <n>',
      'table: the URLs listed, most hits first; every format: the uncovered URLs the summary lists (default 20)',
    )
    .option('--fail-under <percent>', 'exit 1 when the share of hits covered is below PERCENT (0-100), for CI')
    .option('--live', 'also request each URL on the site, as check does: the share landing on a 200 in one hop')
    .option('--concurrency <n>', `--live: URLs checked at once (default: ${L.concurrency.default})`)
    .option('--per-host <n>', `--live: URLs checked at once on one host (default: ${L.perHost.default})`)
    .option('--no-progress', '--live: no progress bar (it is only shown when stderr is a terminal)')
    .option('--no-color', 'no colours, even on a terminal (as NO_COLOR=1 does)');
}

/** `hoplens coverage <map> --log <file>...`. */
export function addCoverageCommand(root: Command, io: CliIo, status: { code: number }): void {
  const coverage = inputOptions(
    root
      .command('coverage')
      .description(
        "measure a redirect map against the old site's traffic: which URLs with hits it covers, and where it sends them",
      ),
    {
      file: 'the redirect map: a CSV or list of source,target pairs, or a rules file (_redirects, vercel.json, nginx, .htaccess...); - reads standard input',
      baseUrl: "the old site's origin: the logs' paths and the map's path rules are URLs on it (required with --live)",
    },
  );
  addAnalysisOptions(outputOptions(trafficOptions(coverage)))
    .addHelpText('after', COVERAGE_HELP)
    .action(async (map: string, flags: CoverageFlags) => {
      const { coverageCommand } = await import('../commands/coverage.js');
      status.code = await coverageCommand(map, flags, io);
    });
}

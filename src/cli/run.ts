import { Command, CommanderError, Option } from 'commander';
import { PACKAGE_VERSION, terminalText } from '../core/index.js';
import { CHECK_FORMATS, FIX_CHECK_FORMATS, LINT_FORMATS } from '../formats/formatter.js';
import { addAddressOptions, addAnalysisOptions } from './analysis-options.js';
import { CHECK_LIMITS } from './check/limits.js';
import type { CheckFlags } from './check/plan.js';
import { addRunFlags } from './check/run-flags.js';
import { ANALYZE_EXAMPLES, CHECK_EXAMPLES, EXPLAIN_HELP, REPORT_MERGE_HELP, SERVE_EXAMPLES } from './command-help.js';
import type { AnalyzeFlags } from './commands/analyze.js';
import type { FixFlags } from './commands/fix.js';
import { FIX_EXAMPLES } from './commands/fix-help.js';
import type { LintFlags } from './commands/lint.js';
import { LINT_EXAMPLES } from './commands/lint-help.js';
import type { McpFlags } from './commands/mcp.js';
import type { ServeFlags } from './commands/serve.js';
import type { SuggestFlags } from './commands/suggest.js';
import { SUGGEST_EXAMPLES } from './commands/suggest-help.js';
import type { VariantsFlags } from './commands/variants.js';
import { addCompareCommand } from './compare-register.js';
import { addCoverageCommand } from './coverage/register.js';
import { addCrawlCommand } from './crawl/register.js';
import { isCliError } from './errors.js';
import { EXIT, EXIT_CODES } from './exit-codes.js';
import { inputOptions } from './input-options.js';
import type { CliIo } from './io.js';
import { addMonitorCommand } from './monitor/register.js';

/** Collects a repeatable flag's values. */
const collect = (value: string, previous: string[]) => [...previous, value];

const FORMAT_HELP = 'output format (on a GitHub Actions runner the table is annotated as github is)';
const REPORT_HELP = 'also write a report in FORMAT to FILE (sarif=hoplens.sarif, junit=junit.xml...); repeatable';

/** Offered by both analysing commands: colour is decided per command's output streams. */
const NO_COLOR_FLAG = '--no-color';
const NO_COLOR_HELP = 'no colours, even on a terminal (as NO_COLOR=1 does)';

/**
 * Builds the command tree; the actions store their exit status in `status`. Each action imports its command when it
 * runs, so that `--help`, `--version` and a usage error load no HTTP client, and `hoplens URL` no CSV parser.
 */
function program(io: CliIo, status: { code: number }): Command {
  const write = (stream: NodeJS.WritableStream) => (text: string) => {
    stream.write(text);
  };
  const root = new Command('hoplens')
    .description("Trace a URL's redirect chain hop by hop and report what is wrong with it.")
    .version(PACKAGE_VERSION, '-V, --version')
    .configureOutput({ writeOut: write(io.stdout), writeErr: write(io.stderr) })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    // Options after `check` belong to check, so the two commands can share flag names.
    .enablePositionalOptions()
    .argument('<url...>', 'http or https URLs to analyse')
    .option('--json', 'print the Analysis result as JSON (an array for several URLs)')
    .option(NO_COLOR_FLAG, NO_COLOR_HELP);
  addAnalysisOptions(root)
    .addHelpText('after', ANALYZE_EXAMPLES)
    .action(async (urls: string[], flags: AnalyzeFlags) => {
      const { analyzeCommand } = await import('./commands/analyze.js');
      status.code = await analyzeCommand(urls, flags, io);
    });

  addCheckCommand(root, io, status);
  addRuleFileCommands(root, io, status);
  addSuggestCommand(root, io, status);

  addReportCommand(root, io, status);
  addServeCommand(root, io, status);
  addMonitorCommand(root, io, status);
  addExplainCommand(root, io, status);
  addVariantsCommand(root, io, status);
  addCrawlCommand(root, io, status);
  addCompareCommand(root, io, status);
  addCoverageCommand(root, io, status);
  addMcpCommand(root, io, status);
  return root;
}

/** `hoplens check`'s flags of output and pace, in the order its help lists them. */
function addCheckOutputFlags(check: Command): Command {
  const L = CHECK_LIMITS;
  return check
    .addOption(new Option('--format <format>', FORMAT_HELP).choices(CHECK_FORMATS).default('table'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--report <format=file>', REPORT_HELP, collect, [])
    .option('--concurrency <n>', `rows checked at once (default: ${L.concurrency.default})`)
    .option('--per-host <n>', `rows checked at once on one host (default: ${L.perHost.default})`)
    .option('--retries <n>', `retries after a network error, with backoff (default: ${L.retries.default})`)
    .option('--retry-delay <ms>', `first backoff delay, doubled each retry (default: ${L.retryDelay.default})`)
    .option(
      '--max-retry-after <s>',
      `longest Retry-After of a 429 to wait out; a longer one fails the row (default: ${L.maxRetryAfter.default})`,
    )
    .option(
      '--retry-inconclusive <n>',
      `retries of a row behind a bot wall, with a longer backoff (from ${L.inconclusiveBackoff / 1000} s, doubled each retry; default: ${L.retryInconclusive.default})`,
    )
    .option('--max-redirects <n>', 'fail rows with more redirects than this')
    .option(
      '--collapse-threshold <n>',
      'rows from different sources ending on one unexpected URL that make a redirect_collapse (default: 10)',
    )
    .option('--stats', "also put the run's figures in a json/ndjson report's closing record")
    .option(
      '--no-stats',
      "leave the run's figures (redirects per row, permanent/temporary, slowest) out of the summary",
    );
}

/** `hoplens check`'s flags of judging and input, in the order its help lists them. */
function addCheckJudgingFlags(check: Command): Command {
  return check
    .option('--ignore-trailing-slash', 'compare final URLs without a trailing slash')
    .option('--ignore-query', 'compare final URLs without their query string')
    .option('--strict', 'fail rows on warnings too (temporary redirects, chains of redirects...)')
    .addOption(
      new Option(
        '--inconclusive <mode>',
        'a row whose chain ends on a bot wall (a Cloudflare challenge...) is counted apart; fail: it fails the run too',
      )
        .choices(['pass', 'fail'])
        .default('pass'),
    )
    .option('--baseline <file>', 'compare with an earlier json/ndjson report and list the rows whose chain changed')
    .option('--fail-on-change', 'with --baseline, fail the rows whose chain changed')
    .option('-q, --quiet', 'table format: list only rows that failed, errored or changed')
    .option('--no-progress', 'no progress bar (it is only shown when stderr is a terminal)')
    .option(
      '--samples <file>',
      "test the rules' patterns with these URLs (a list, a CSV's sources or a sitemap): each is checked against the rule that matches it; one no rule matches fails as unmatched",
    )
    .option(
      '--sitemap-max-size <mb>',
      "the most a sitemap may hold uncompressed, in MB (default 50, the sitemaps protocol's limit; up to 2048)",
    )
    .option('--shard <k/n>', 'check only the Kth of N parts of the rows (split by source URL), for a CI matrix')
    .option(
      '--variants',
      "request each row's URL as `hoplens variants` does (http/https, www, slash, case, index file; crawlers, HEAD) and report the grid per row (unlike --variant <host>, which picks whose _redirects dialect a netlify input is read in)",
    )
    .option(NO_COLOR_FLAG, NO_COLOR_HELP);
}

/** `hoplens check`: many redirects at once (a migration, a CI gate). */
function addCheckCommand(root: Command, io: CliIo, status: { code: number }): void {
  const check = inputOptions(
    root.command('check').description('check many redirects at once (a site migration, a CI gate)'),
    { file: 'a CSV, URL list or redirect-rule file (_redirects, vercel.json...); - reads standard input' },
  );
  addCheckJudgingFlags(addCheckOutputFlags(check));
  addRunFlags(check);
  addAnalysisOptions(check)
    .addHelpText('after', CHECK_EXAMPLES)
    .action(async (file: string, flags: CheckFlags) => {
      if (flags.variants === true) {
        const { checkVariantsCommand } = await import('./commands/check-variants.js');
        status.code = await checkVariantsCommand(file, flags, io);
        return;
      }
      const { checkCommand } = await import('./commands/check.js');
      status.code = await checkCommand(file, flags, io);
    });
}

/** `hoplens report merge`: the reports of sharded runs, made one. */
function addReportCommand(root: Command, io: CliIo, status: { code: number }): void {
  const report = root.command('report').description('work with the reports of `hoplens check`');
  report
    .command('merge')
    .description('combine json, ndjson or junit reports (of --shard runs) into one, with one summary')
    .argument('<file...>', 'reports of one format, written by hoplens check')
    .option('-o, --output <file>', 'write the merged report to a file instead of stdout')
    .option(NO_COLOR_FLAG, NO_COLOR_HELP)
    .addHelpText('after', REPORT_MERGE_HELP)
    .addOption(new Option('--format <format>', 'html: the merged rows as the HTML report').choices(['html']))
    .action(async (files: string[], flags: { output?: string; color?: boolean; format?: string }) => {
      const { reportMergeCommand } = await import('./commands/report-merge.js');
      status.code = await reportMergeCommand(files, flags, io);
    });
  report
    .command('html')
    .description('turn json or ndjson reports of hoplens check into the self-contained HTML report')
    .argument('<file...>', 'json or ndjson reports written by hoplens check (several are merged by line)')
    .option('-o, --output <file>', 'write the HTML file there instead of stdout')
    .action(async (files: string[], flags: { output?: string }) => {
      const { reportHtmlCommand } = await import('./commands/report-html.js');
      status.code = await reportHtmlCommand(files, flags, io);
    });
}

/** `hoplens serve`: the service and page, as `npm start` runs them. */
function addServeCommand(root: Command, io: CliIo, status: { code: number }): void {
  root
    .command('serve')
    .description('run the HTTP service and web page, as `npm start` does (same environment variables)')
    .option('--port <n>', 'TCP port to listen on; overrides PORT (default 3000; 0 picks a free port)')
    .option('--host <addr>', 'address to listen on; overrides HOST (default 0.0.0.0)')
    .addHelpText('after', SERVE_EXAMPLES)
    .action(async (flags: ServeFlags) => {
      const { serveCommand } = await import('./commands/serve.js');
      status.code = await serveCommand(flags, io);
    });
}

/** `hoplens variants <url>`: every variant of a URL, as a grid, and whether they end on one canonical URL. */
function addVariantsCommand(root: Command, io: CliIo, status: { code: number }): void {
  const variants = root
    .command('variants')
    .description(
      'request the variants of a URL (http/https, www or apex, slash, case, index file; Googlebot, Bingbot, Chrome, HEAD) and check they end on one canonical URL in one hop',
    )
    .argument('<url>', 'the URL as it should be linked')
    .addOption(
      new Option('--format <format>', 'report format').choices(['table', 'json', 'ndjson', 'csv']).default('table'),
    )
    .option(NO_COLOR_FLAG, NO_COLOR_HELP);
  addAnalysisOptions(variants).action(async (url: string, flags: VariantsFlags) => {
    const { variantsCommand } = await import('./commands/variants.js');
    status.code = await variantsCommand(url, flags, io);
  });
}

/** `hoplens mcp`: the Model Context Protocol server on standard input and output, for assistants. */
function addMcpCommand(root: Command, io: CliIo, status: { code: number }): void {
  const mcp = root
    .command('mcp')
    .description('run the MCP (Model Context Protocol) server on stdin/stdout, for assistants (docs/mcp.md)');
  addAddressOptions(mcp).action(async (flags: McpFlags) => {
    const { mcpCommand } = await import('./commands/mcp.js');
    status.code = await mcpCommand(flags, io);
  });
}

/**
 * `hoplens explain <name>`: a finding's section of docs/issues.md, read from the installed package, or what a lint
 * kind, a CI type, an error code or an exit status means.
 */
function addExplainCommand(root: Command, io: CliIo, status: { code: number }): void {
  root
    .command('explain')
    .description(
      'print what a finding type, lint kind, CI type, error code or exit status means, and what to do about it',
    )
    .argument(
      '<name>',
      'as hoplens prints it: redirect_chain (or its help docs/issues.md#redirect_chain), cycle, BLOCKED_DESTINATION, 2',
    )
    .addHelpText('after', EXPLAIN_HELP)
    .action(async (type: string) => {
      const { explainCommand } = await import('./commands/explain.js');
      status.code = await explainCommand(type, io);
    });
}

/** The options `lint` and `fix` share with `check` for reading a rules file. */
function ruleFileOptions(command: Command, many = false): Command {
  return inputOptions(command, {
    file: many
      ? 'redirect-rule files (_redirects, vercel.json...), CSVs or URL lists, each linted on its own; - reads standard input'
      : 'a redirect-rule file (_redirects, vercel.json...), CSV or URL list; - reads standard input',
    baseUrl: 'the site path rules are on (default: none needed; paths are compared as paths)',
    many,
  });
}

/** `hoplens lint` and `hoplens fix`: offline, and loaded only when run (their modules are not needed at start-up). */
function addRuleFileCommands(root: Command, io: CliIo, status: { code: number }): void {
  ruleFileOptions(
    root.command('lint').description('check redirect-rule files offline: chains, loops, duplicates...'),
    true,
  )
    .addOption(new Option('--format <format>', FORMAT_HELP).choices(LINT_FORMATS).default('table'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--report <format=file>', REPORT_HELP, collect, [])
    .option('--migration', 'report temporary statuses (302, 307) on rules that move pages for good')
    .option('--same-host', 'report targets on another host than their source')
    .option('--sitemap <file>', "report destinations the new site's sitemap (XML, .gz) does not list", collect, [])
    .option('--strict', 'fail on warnings too')
    .option(NO_COLOR_FLAG, NO_COLOR_HELP)
    .addHelpText('after', LINT_EXAMPLES)
    .action(async (files: string[], flags: LintFlags) => {
      const { lintFiles } = await import('./commands/lint.js');
      status.code = await lintFiles(files, flags, io);
    });

  ruleFileOptions(root.command('fix').description('write the rules flattened: each source straight to its destination'))
    .option('--report <file>', 'take the final URLs from a json/ndjson report of hoplens check')
    .option('-o, --output <file>', 'write the fixed rules to a file instead of stdout')
    .option('--map <file>', 'also write old → final URLs as CSV (source,target), for rewriting links in content')
    .option('--write', 'overwrite the input file with the fixed rules')
    .option(
      '--keep-status',
      "keep each rule's status as written (fix makes a bare 302 redirect permanent, and says so)",
    )
    .option('--check', 'write nothing: list the rules fix would change, and exit 1 if there is one (for CI)')
    .addOption(new Option('--format <format>', 'with --check: output format').choices(FIX_CHECK_FORMATS))
    .addHelpText('after', FIX_EXAMPLES)
    .action(async (file: string, flags: FixFlags) => {
      const { fixCommand } = await import('./commands/fix.js');
      status.code = await fixCommand(file, flags, io);
    });
}

/** The formats `hoplens suggest` writes (src/suggest/rule-file.ts), declared here so start-up loads no suggest code. */
const SUGGEST_FORMATS = ['csv', 'netlify', 'vercel', 'nginx', 'apache'];
const PAGE_INPUTS = ['list', 'csv', 'sitemap'];

/** `hoplens suggest`: offline (a sitemap URL aside), and loaded only when run. */
function addSuggestCommand(root: Command, io: CliIo, status: { code: number }): void {
  root
    .command('suggest')
    .description('propose a new URL for each old URL a migration map leaves out, with a confidence and a reason')
    .argument(
      '<old>',
      'the old URLs: a list, a CSV (a URL column; coverage output) or a sitemap; - reads standard input',
    )
    .requiredOption(
      '--to <new>',
      'the new URLs: a sitemap (file or http(s) URL), a list or a CSV (a title column helps)',
    )
    .addOption(new Option('--input <format>', 'format of <old> (default: detected)').choices(PAGE_INPUTS))
    .addOption(new Option('--to-input <format>', 'format of --to (default: detected)').choices(PAGE_INPUTS))
    .option('--threshold <n>', 'propose nothing below this confidence, from 0 to 1 (default 0.6)')
    .addOption(
      new Option('--format <format>', 'csv (source,target,confidence,reason) or a rules file, each rule commented')
        .choices(SUGGEST_FORMATS)
        .default('csv'),
    )
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .addHelpText('after', SUGGEST_EXAMPLES)
    .action(async (file: string, flags: SuggestFlags) => {
      const { suggestCommand } = await import('./commands/suggest.js');
      status.code = await suggestCommand(file, flags, io);
    });
}

/**
 * Runs the `hoplens` command line and resolves with its exit status; it never exits the process itself, so that
 * tests drive it with injected arguments and streams. `argv` holds the user's arguments only (no `node`, no script).
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const status = { code: EXIT.OK };
  try {
    const cli = program(io, status);
    // Bare `hoplens` is someone finding out what it does: the help, not "missing required argument 'url'" (still a
    // usage error, so that a script that lost its arguments fails).
    if (argv.length === 0) {
      io.stderr.write(cli.helpInformation());
      return EXIT.USAGE;
    }
    await cli.parseAsync([...argv], { from: 'user' });
    return status.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0; every other commander error is a usage error, already printed.
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    if (isCliError(error)) {
      io.stderr.write(`hoplens: ${terminalText(error.message)}\n`);
      return EXIT_CODES[error.code];
    }
    io.stderr.write(
      `hoplens: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.INTERNAL;
  }
}

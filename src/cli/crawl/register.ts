/**
 * Declares `hoplens crawl` on the command tree: a site from its URLs (src/cli/commands/crawl.ts), or the links of
 * files and directories (src/cli/commands/crawl-files.ts) when every argument is an existing path. Only the flags live
 * here; each command's code is imported when it runs.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { CRAWL_OPTION_TABLE } from '../../crawl/crawl-options.js';
import { CHECK_FORMATS } from '../../formats/formatter.js';
import { addAnalysisOptions } from '../analysis-options.js';
import type { CliIo } from '../io.js';
import { rowOption } from '../option-flags.js';
import type { CrawlFlags } from './crawl-flags.js';
import { addCrawlReportCommand } from './report-register.js';
import { addWorkerOptions, type SharedCrawlFlags } from './shared-crawl-flags.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const CRAWL_HELP = `
Examples:
  $ hoplens crawl https://www.example.com/
  $ hoplens crawl https://www.example.com/ --sitemap https://www.example.com/sitemap.xml --max-pages 50000
  $ hoplens crawl https://www.example.com/docs/ --scope prefix --skip img,script --map links.csv
  $ hoplens crawl https://www.example.com/ --state crawl-state --resume
  $ hoplens crawl docs/ README.md --fix
  $ hoplens crawl docs/ README.md --offline

Exit status:
  0    no link points at a redirect, a loop or an error (warnings too with --strict)
  1    some did
  2    usage or input error
  130  interrupted (Ctrl-C): the state directory is kept for --resume

See docs/crawl.md for the reports and the findings.
`;

/** Whether every argument names an existing file or directory: then the files' links are crawled, not a site. */
export function allPaths(targets: readonly string[], cwd: string): boolean {
  return (
    targets.length > 0 && targets.every((target) => !/^https?:\/\//i.test(target) && existsSync(resolve(cwd, target)))
  );
}

function crawlOptions(command: Command): Command {
  return command
    .option(
      '--sitemap <url>',
      "also start from the URLs of this sitemap (repeatable); robots.txt's are read too",
      collect,
      [],
    )
    .option('--no-robots-sitemaps', 'do not read the sitemaps robots.txt names')
    .option(
      '--revisit <dir>',
      'also start from every page an earlier crawl visited (its --state DIR): after a move, compare then tells what became of each',
    )
    .addOption(rowOption(CRAWL_OPTION_TABLE.maxSitemaps))
    .addOption(rowOption(CRAWL_OPTION_TABLE.maxSitemapUrls))
    .addOption(
      new Option(
        '--scope <scope>',
        "follow links within the host, the registrable domain (site) or the start URL's path prefix",
      )
        .choices(['host', 'site', 'prefix'])
        .default('site'),
    )
    .option('--max-pages <n>', 'the most pages fetched (default 10000)')
    .option('--max-depth <n>', 'the most links followed from a start URL (default 50)')
    .option(
      '--skip <kinds>',
      'kinds of link not collected, comma-separated: a,area,canonical,hreflang,og:url,twitter,next,prev,amphtml,manifest,icon,img,srcset,script,json-ld,stylesheet,css,iframe,form',
    )
    .option('--concurrency <n>', 'requests at once (default 16)')
    .option('--per-host <n>', 'requests at once on one host (default 4)')
    .option('--rate <n/s>', "the most requests per second (10/s, or 600/m), besides robots.txt's Crawl-delay")
    .option('--max-query-variants <n>', 'pages fetched per path with different query strings (default 50)')
    .option('--max-url-length <n>', 'URLs longer than this are not followed (default 2048)')
    .option(
      '--max-repeated-segments <n>',
      'URLs repeating one path segment more than this are not followed (default 3)',
    )
    .option('--state <dir>', "the crawl's state directory (default: a temporary one, removed when the crawl ends)")
    .option('--resume', 'go on with the crawl kept in --state: pages fetched are not fetched again');
}

/** The report's flags, which `crawl report` shares (src/cli/crawl/report-register.ts). */
export function outputOptions(command: Command): Command {
  return command
    .addOption(new Option('--format <format>', 'output format').choices(CHECK_FORMATS).default('table'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--report <format=file>', 'also write a report in FORMAT to FILE; repeatable', collect, [])
    .option('--map <file>', 'also write, per page, old link → final URL as CSV (page,link,final), to rewrite content')
    .option('--strict', 'fail on warnings too (links to redirects)')
    .option('--no-color', 'no colours, even on a terminal (as NO_COLOR=1 does)');
}

function reportOptions(command: Command): Command {
  return outputOptions(command)
    .option('--no-progress', 'no progress line (it is only shown when stderr is a terminal)')
    .option('--fix', 'files: print, as a diff, each link rewritten to its final URL (permanent redirects to a 2xx)')
    .option('--fix-temporary', 'files, with --fix: rewrite temporarily redirected links too')
    .option('--write', 'files, with --fix: apply the rewrite in place')
    .option('--base <url>', 'files: the URL the directories given are served at (relative links are followed under it)')
    .option('--include <glob>', 'files: read only files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'files: skip files matching this glob (repeatable)', collect)
    .option('--offline', 'files: request no URL; check only the links to local files and their #fragments');
}

/** `hoplens crawl <url|path...>`. */
export function addCrawlCommand(root: Command, io: CliIo, status: { code: number }): void {
  const crawl = root
    .command('crawl')
    .description(
      'crawl a site (or read files) and report every link, canonical, hreflang and sitemap entry that points at a redirect or an error',
    )
    .argument('<targets...>', 'start URLs of a site, or Markdown/MDX/HTML files and directories');
  addAnalysisOptions(addWorkerOptions(reportOptions(crawlOptions(crawl))))
    .addHelpText('after', CRAWL_HELP)
    .action(async (targets: string[], flags: CrawlFlags & SharedCrawlFlags) => {
      if (flags.worker === true) {
        const { crawlWorkerCommand } = await import('../commands/crawl-worker.js');
        status.code = await crawlWorkerCommand(targets, flags, io);
        return;
      }
      if (allPaths(targets, io.cwd ?? process.cwd())) {
        const { runFilesCrawl } = await import('../commands/crawl-files.js');
        status.code = await runFilesCrawl(targets, flags, io);
        return;
      }
      const { crawlCommand } = await import('../commands/crawl.js');
      status.code = await crawlCommand(targets, flags, io);
    });
  outputOptions(addCrawlReportCommand(crawl, io, status));
}

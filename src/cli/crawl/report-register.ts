/**
 * Declares `hoplens crawl report`: the combined report of a crawl shared by `--worker` processes through
 * PostgreSQL, in the formats `crawl` writes. Its code (src/cli/commands/crawl-report.ts) is imported when it runs.
 */
import type { Command } from 'commander';
import type { CrawlReportFlags } from '../commands/crawl-report.js';
import type { CliIo } from '../io.js';

const REPORT_HELP = `
Examples:
  $ DATABASE_URL=postgres://db/hoplens hoplens crawl report --crawl-id example
  $ DATABASE_URL=postgres://db/hoplens hoplens crawl report https://www.example.com/ --format json -o crawl.json

The crawl is the one its workers ran with the same --crawl-id, or, without one, with the same start URLs.
See docs/crawl.md, "Past one machine".
`;

/** Adds `report` under `crawl` and returns it, for the caller to add the report's flags `crawl` has. */
export function addCrawlReportCommand(crawl: Command, io: CliIo, status: { code: number }): Command {
  return crawl
    .command('report')
    .description(
      "write the combined report of a crawl that --worker processes shared through DATABASE_URL's PostgreSQL",
    )
    .argument('[url...]', "the crawl's start URLs, which name it when --crawl-id is not given")
    .option('--crawl-id <id>', 'the shared crawl to report on')
    .addHelpText('after', REPORT_HELP)
    .action(async (urls: string[], flags: CrawlReportFlags) => {
      const { crawlReportCommand } = await import('../commands/crawl-report.js');
      status.code = await crawlReportCommand(urls, flags, io);
    });
}

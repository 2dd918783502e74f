/**
 * `--map FILE`: per page, each link that redirects to a 2xx page and the URL to link to instead, as CSV
 * (`page,link,final`), the input of a bulk rewrite of the site's content. The link is written as it appears in the
 * page (its `href`), so that a search and replace finds it.
 */

import type { ReportedLink } from './crawl-report.js';
import type { CrawlFinding } from './link-findings.js';

/** Where the map's text goes (the CLI's file sink): the crawl writes nothing of its own. */
export interface TextWriter {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export class CrawlMap {
  private constructor(private readonly sink: TextWriter) {}

  /** Starts the map on `sink` with its header line. */
  static async open(sink: TextWriter): Promise<CrawlMap> {
    await sink.write('page,link,final\n');
    return new CrawlMap(sink);
  }

  async add({ link, findings }: ReportedLink): Promise<void> {
    const suggestion = findings.find((finding: CrawlFinding) => finding.suggestion !== undefined)?.suggestion;
    if (suggestion === undefined) return;
    await this.sink.write(`${[link.page, link.raw, suggestion].map(csvField).join(',')}\n`);
  }

  close(): Promise<void> {
    return this.sink.close();
  }
}

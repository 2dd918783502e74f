/**
 * `hoplens coverage`'s table: the URLs with the most hits (covered or not, where the map sends them), then the
 * summary's figures and the top uncovered URLs. The machine formats are the coverage room's (src/coverage/).
 */
import { stripVTControlCharacters } from 'node:util';
import { type CoverageReport, type CoverageRow, percent, shownUrl } from '../../coverage/index.js';
import type { Colors } from '../colors.js';
import { plural } from '../plural.js';

const number = (value: number) => value.toLocaleString('en-US');

/** Where the map sends a URL, in a few words: `→ /new`, `→ /new → /newer (redirected again)`, `410`. */
function sendsTo(row: CoverageRow, colors: Colors): string {
  if (row.problem !== undefined) return colors.yellow(`? ${row.problem}`);
  if (row.target !== undefined) {
    const again =
      row.redirectedAgain === undefined ? '' : colors.yellow(` → ${shownUrl(row.redirectedAgain)} (redirected again)`);
    return `→ ${shownUrl(row.target)}${again}`;
  }
  return row.status === undefined ? '' : `answers ${row.status}`;
}

/** With `--live`: what the site did, `200 in 1 hop` or the final status and `check`'s first reason. */
function liveText(row: CoverageRow, colors: Colors): string {
  const live = row.live;
  if (live === undefined) return '-';
  if (live.oneHop200) return colors.green('200 in 1 hop');
  const end =
    live.finalStatus === undefined ? 'error' : `${live.finalStatus} after ${plural(live.redirects, 'redirect')}`;
  return live.outcome === 'passed' ? end : colors.red(end);
}

function rowCells(row: CoverageRow, report: CoverageReport, colors: Colors): string[] {
  const cells = [String(row.rank), number(row.hits)];
  if (report.bots !== 'exclude') cells.push(number(row.botHits));
  cells.push(row.covered ? colors.green('yes') : colors.red('no'));
  if (report.live) cells.push(liveText(row, colors));
  cells.push(shownUrl(row.url), sendsTo(row, colors));
  return cells;
}

/** Visible width, colours left out. */
const width = (text: string) => stripVTControlCharacters(text).length;

/** Padded columns, the last one left as it is; the `right` ones (numbers) aligned right. */
function columns(lines: string[][], right: ReadonlySet<number>): string[] {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => width(line[column] ?? ''))));
  return lines.map((line) =>
    line
      .map((cell, column) => {
        if (column === line.length - 1) return cell;
        const pad = ' '.repeat(widths[column]! - width(cell));
        return right.has(column) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd(),
  );
}

/** The ranked rows, at most `top`. */
function rankTable(report: CoverageReport, top: number, colors: Colors): string[] {
  const head = ['#', 'HITS', ...(report.bots !== 'exclude' ? ['BOTS'] : []), 'COVERED'];
  if (report.live) head.push('LIVE');
  head.push('URL', 'MAP');
  const shown = report.rows.slice(0, top).map((row) => rowCells(row, report, colors));
  const lines = columns([head, ...shown], new Set(report.bots === 'exclude' ? [0, 1] : [0, 1, 2]));
  lines[0] = colors.bold(lines[0]!);
  if (report.rows.length > top) {
    lines.push(
      colors.dim(`(the top ${top} of ${plural(report.rows.length, 'URL')}: --top N for more, --format csv for all)`),
    );
  }
  return lines;
}

/** One figure of the summary: its label, hits, share, and bots' apart. */
function figure(label: string, hits: number, share: number | undefined, botHits?: number): string[] {
  return [label, number(hits), percent(share), botHits === undefined ? '' : `bots ${number(botHits)}`];
}

function summaryLines(report: CoverageReport): string[] {
  const { summary, bots } = report;
  const bot = (count: { botHits: number }) => (bots !== 'exclude' ? count.botHits : undefined);
  const share = (count: { hits: number }) => (summary.all.hits === 0 ? undefined : count.hits / summary.all.hits);
  const lines = [
    figure(`Hits (${plural(summary.all.urls, 'URL')})`, summary.all.hits, share(summary.all), bot(summary.all)),
    figure('Covered by the map', summary.covered.hits, summary.shares.covered, bot(summary.covered)),
    figure('  redirected in one hop', summary.direct.hits, summary.shares.direct, bot(summary.direct)),
    figure(
      '  redirected, then redirected again by the map',
      summary.chained.hits,
      share(summary.chained),
      bot(summary.chained),
    ),
    figure('Not covered', summary.uncovered.hits, share(summary.uncovered), bot(summary.uncovered)),
  ];
  if (summary.landed !== undefined) {
    lines.push(
      figure('Landed on a 200 in one hop (live)', summary.landed.hits, summary.shares.landed, bot(summary.landed)),
    );
  }
  return columns(
    lines.map((line) => (bots !== 'exclude' ? line : line.slice(0, 3))),
    new Set([1, 2]),
  );
}

function topUncoveredLines(report: CoverageReport, colors: Colors): string[] {
  const { topUncovered } = report.summary;
  if (topUncovered.length === 0) return [colors.green('✔ every URL with hits is covered by the map')];
  const lines = columns(
    topUncovered.map((entry) => [number(entry.hits), shownUrl(entry.url)]),
    new Set([0]),
  );
  return [colors.bold('Top uncovered URLs:'), ...lines.map((line) => `  ${line}`)];
}

/** What each reason a line was left out means, in the table's words. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  method: 'not GET or HEAD',
  status: 'answered neither 2xx nor 3xx',
  unparsable: 'unreadable',
  'no host': 'a path without a host',
};

const rank = (reason: string) => {
  const at = Object.keys(LEFT_OUT).indexOf(reason);
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
};

/** The lines not counted, by why (docs/logs.md#what-counts), so that a log read wrongly shows at once. */
function leftOut(traffic: CoverageReport['traffic']): string {
  // In the table's order whatever the order lines came in; a reason it does not know, after.
  const reasons = Object.keys(traffic.skipped).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const parts = reasons.map((reason) => `${traffic.skipped[reason]} ${LEFT_OUT[reason] ?? reason}`);
  if (traffic.assetLines > 0) parts.unshift(`${plural(traffic.assetLines, 'asset')}`);
  return parts.length === 0 ? '' : `; left out: ${parts.join(', ')}`;
}

/** The map and the traffic, in a line each. */
function headLines(report: CoverageReport): string[] {
  const { map, traffic } = report;
  const how = map.matching === 'rules' ? "matched by the format's own rules" : 'matched as exact pairs';
  const sources = traffic.sources.map((source) => `${source.path} (${source.format})`).join(', ');
  return [
    `Map: ${map.name} (${map.format}, ${plural(map.rules, 'rule')}, ${how})`,
    `Traffic: ${plural(traffic.counted, 'request')} counted of ${plural(traffic.lines, 'line')} from ${sources || 'nothing'}${leftOut(traffic)}`,
  ];
}

/** The whole table, at most `top` ranked rows. */
export function coverageTable(report: CoverageReport, top: number, colors: Colors): string {
  const parts = [
    headLines(report),
    rankTable(report, top, colors),
    summaryLines(report),
    topUncoveredLines(report, colors),
  ];
  return `${parts.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

import {
  type AnalysisResult,
  countRedirects,
  displayUrl,
  type Hop,
  type Issue,
  type Severity,
  terminalText,
} from '../../core/index.js';
import { type Colors, statusColor } from '../colors.js';
import type { CliError } from '../errors.js';
import { tlsHint } from '../tls-hint.js';
import { headerBlock } from './header-block.js';
import { anatomyBlock } from './hop-anatomy-block.js';

/** A URL for a terminal line: its host in Unicode, no control raw. */
const shownUrl = (url: string) => terminalText(displayUrl(url));

const SEVERITY_LABEL: Record<Severity, string> = { error: 'error  ', warning: 'warning', info: 'info   ' };

function severityColor(colors: Colors, severity: Severity): (text: string) => string {
  return severity === 'error' ? colors.red : severity === 'warning' ? colors.yellow : colors.cyan;
}

/** How a chain is shown to people. */
export interface ChainTableOptions {
  /** Each hop's response headers under it (`--headers all`); by default the table has none. */
  headers?: boolean;
  /** `-v`: each hop's connection (address, reuse, HTTP version), timing phases and certificate under it. */
  verbose?: boolean;
}

const VIA_WORDS: Readonly<Record<NonNullable<Hop['redirectVia']>, string>> = {
  http: 'HTTP',
  'refresh-header': 'Refresh header',
  'meta-refresh': 'meta refresh',
  javascript: 'JavaScript',
  hsts: 'HSTS upgrade',
};

/** How a hop led to the next one, in words: `HTTP`, `meta refresh 5 s`; empty on a hop that led nowhere. */
export function viaText(hop: Pick<Hop, 'redirectVia' | 'refreshDelay'>): string {
  if (hop.redirectVia === undefined) return '';
  const delay = hop.refreshDelay === undefined ? '' : ` ${hop.refreshDelay} s`;
  return `${VIA_WORDS[hop.redirectVia]}${delay}`;
}

/**
 * The hop table: hop number, status (coloured by its role, as on the web page), URL, time; with `verbose`, each hop's
 * connection under it, and with `headers`, its response headers. Columns are padded before colouring.
 */
function hopTable(chain: Hop[], colors: Colors, options: ChainTableOptions): string {
  const rows = chain.map((hop, index) => ({
    hop,
    number: String(index + 1),
    status: terminalText(`${hop.status} ${hop.statusText}`.trim()),
    code: hop.status,
    redirectType: hop.redirectType,
    via: viaText(hop),
    // People read hosts in Unicode; the JSON formats keep the WHATWG serialisation.
    url: shownUrl(hop.url),
    time: `${hop.responseTime} ms`,
  }));
  const width = (pick: (row: (typeof rows)[number]) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => pick(row).length));
  // The Via column appears when a hop was a client redirect: plain HTTP chains read as they always have.
  const showVia = chain.some((hop) => hop.redirectVia !== undefined && hop.redirectVia !== 'http');
  const w = {
    number: width((row) => row.number, 'Hop'),
    status: width((row) => row.status, 'Status'),
    via: showVia ? width((row) => row.via, 'Via') : 0,
    url: width((row) => row.url, 'URL'),
    time: width((row) => row.time, 'Time'),
  };
  const viaTitle = showVia ? `${'Via'.padEnd(w.via)}  ` : '';
  let text = colors.dim(
    `  ${'Hop'.padEnd(w.number)}  ${'Status'.padEnd(w.status)}  ${viaTitle}${'URL'.padEnd(w.url)}  ${'Time'.padStart(w.time)}`,
  );
  text += '\n';
  for (const row of rows) {
    const status = statusColor(colors, row.code, row.redirectType)(row.status.padEnd(w.status));
    const via = showVia ? `${colors.dim(row.via.padEnd(w.via))}  ` : '';
    text += `  ${row.number.padStart(w.number)}  ${status}  ${via}${row.url.padEnd(w.url)}  ${row.time.padStart(w.time)}\n`;
    // Under the status column, so that the hop number still leads each block.
    const indent = ' '.repeat(w.number + 4);
    if (options.verbose) text += anatomyBlock(row.hop, indent, colors);
    if (options.headers) text += headerBlock(row.hop.headers, indent, colors);
  }
  return text;
}

/** Where to read about a finding: its web page, or for hoplens's own sections the command that prints one. */
function helpHint(issue: Issue): string {
  return issue.help.startsWith('docs/issues.md#') ? `${issue.help} (hoplens explain ${issue.type})` : issue.help;
}

function issueLines(issues: Issue[], colors: Colors): string {
  if (issues.length === 0) return `  ${colors.green('No issues')}\n`;
  let text = `  ${colors.bold('Issues')}\n`;
  for (const issue of issues) {
    const label = severityColor(colors, issue.severity)(SEVERITY_LABEL[issue.severity]);
    // The messages name the hops they concern, so the hop index is not repeated; the help page goes under each.
    text += `    ${label}  ${terminalText(issue.message)} ${colors.dim(`[${issue.type}]`)}\n`;
    text += `             ${colors.dim(`see ${helpHint(issue)}`)}\n`;
  }
  return text;
}

/** One analysed URL for people: heading, hop table, issues, summary line. */
export function renderAnalysis(result: AnalysisResult, colors: Colors, options: ChainTableOptions = {}): string {
  const { summary } = result;
  const redirects = countRedirects(result.chain);
  const last = result.chain[result.chain.length - 1];
  const final = statusColor(
    colors,
    summary.finalStatus,
    last?.redirectType,
  )(`${summary.finalStatus} ${last?.statusText ?? ''}`.trim());
  const facts = [
    `${summary.totalHops} hop${summary.totalHops === 1 ? '' : 's'} (${redirects} redirect${redirects === 1 ? '' : 's'})`,
    `final ${final} ${shownUrl(summary.finalUrl)}`,
    `${summary.totalTime} ms`,
  ];
  if (summary.hasLoop) facts.push(colors.red('loop'));
  return (
    `${colors.bold(shownUrl(result.url))}\n${hopTable(result.chain, colors, options)}\n${issueLines(summary.issues, colors)}` +
    `  ${colors.bold('Summary')}: ${facts.join(' · ')}\n`
  );
}

/** A failed analysis for people: the hops done before the failure, then the error. */
export function renderFailure(url: string, error: CliError, colors: Colors, options: ChainTableOptions = {}): string {
  let text = `${colors.bold(shownUrl(url))}\n`;
  if (error.chain.length > 0) text += `${hopTable(error.chain, colors, options)}\n`;
  text += `  ${colors.red(colors.bold('Failed'))}: ${terminalText(error.message)} ${colors.dim(`[${error.code}]`)}\n`;
  const hint = tlsHint(error);
  if (hint !== undefined) text += `  ${colors.dim('Hint')}: ${hint}\n`;
  return text;
}

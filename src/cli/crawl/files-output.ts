import type { CrawlFilesResult } from '../../crawl/index.js';
import type { CiReport } from '../formats/ci-report.js';
import { type CiDocumentFormat, renderCiDocument } from '../formats/ci-writers.js';
import { annotations } from '../formats/github-commands.js';
import { ciFinding, type FileFinding } from './files-findings.js';

/** The formats of `crawl` on files. */
export const FILES_FORMATS = ['table', 'json', 'github', 'sarif', 'gitlab', 'markdown'] as const;
export type FilesFormat = (typeof FILES_FORMATS)[number];

/** `file:line:column: level rule: message`, the shape compilers print and editors jump to. */
export function findingLine(finding: FileFinding): string {
  const { link } = finding;
  return `${link.file}:${link.line}:${link.column}: ${finding.level} ${finding.rule}: ${finding.message}\n`;
}

function ciReport(result: CrawlFilesResult, findings: readonly FileFinding[], exit: number): CiReport {
  const errors = findings.filter((finding) => finding.level === 'error').length;
  return {
    command: 'crawl',
    inputName: `${result.files.length} files`,
    findings: findings.map(ciFinding),
    totals: [
      ['files', result.files.length],
      ['links followed', result.links.length],
      ['distinct URLs', result.urls],
      ['redirecting', findings.length - errors],
      ['broken', errors],
    ],
    failing: findings.map(({ link, rule, message }) => ({
      line: link.line,
      path: link.file,
      source: link.target,
      outcome: rule,
      reason: message,
    })),
    failingNotListed: 0,
    collapses: [],
    slowest: [],
    exit,
  };
}

function jsonReport(result: CrawlFilesResult, findings: readonly FileFinding[]): string {
  const rows = findings.map(({ link, rule, level, message, finalUrl }) => ({
    file: link.file,
    line: link.line,
    column: link.column,
    form: link.form,
    ...(link.element === undefined ? {} : { element: link.element }),
    target: link.target,
    url: link.url.href,
    rule,
    level,
    redirects: link.followed.verdict.kind === 'ok' ? 0 : link.followed.verdict.redirects,
    ...(finalUrl === undefined ? {} : { finalUrl }),
    chain: (link.followed.result?.chain ?? []).map((hop) => ({ url: hop.url, status: hop.status })),
    message,
  }));
  const summary = {
    files: result.files.length,
    links: result.links.length,
    urls: result.urls,
    skipped: result.skipped,
  };
  return `${JSON.stringify({ summary, findings: rows }, null, 2)}\n`;
}

/** The findings written in `format`. */
export function renderFindings(
  format: FilesFormat,
  result: CrawlFilesResult,
  findings: readonly FileFinding[],
  exit: number,
): string {
  if (format === 'table') return findings.map(findingLine).join('');
  if (format === 'json') return jsonReport(result, findings);
  const report = ciReport(result, findings, exit);
  if (format === 'github') return annotations(report);
  return renderCiDocument(format as CiDocumentFormat, report, {});
}

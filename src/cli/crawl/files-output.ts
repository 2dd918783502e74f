import { terminalText } from '../../core/index.js';
import type { CrawlFinding } from '../../crawl/index.js';
import type { CrawlFilesResult, FileFinding } from '../../file-links/index.js';
import type { CiFinding, CiLevel, CiReport } from '../../formats/index.js';
import { annotations, type CiDocumentFormat, renderCiDocument } from '../../formats/index.js';
import { fileName } from '../file-line.js';
import { plural } from '../plural.js';

/** The formats of `crawl` on files. */
export const FILES_FORMATS = ['table', 'json', 'github', 'sarif', 'gitlab', 'markdown'] as const;
export type FilesFormat = (typeof FILES_FORMATS)[number];

/** A finding's level in the CI formats. */
export function ciLevel(finding: CrawlFinding): CiLevel {
  return finding.severity === 'info' ? 'notice' : finding.severity;
}

/** The finding as the CI formats take it: on its file, line and column. */
export function ciFinding({ finding, link }: FileFinding): CiFinding {
  return {
    rule: finding.type,
    level: ciLevel(finding),
    line: link.line,
    column: link.column,
    path: link.file,
    title: `${finding.type}: ${link.target}`,
    message: finding.message,
    key: `${link.file}\0${link.target}`,
  };
}

/** `file:line:column: level rule: message`, the shape compilers print and editors jump to. */
export function findingLine({ finding, link }: FileFinding): string {
  const { verdict } = link.followed;
  // What --fix does with a link it could point elsewhere: only all-permanent chains are rewritten by default.
  const note =
    finding.suggestion === undefined || verdict.kind !== 'redirect'
      ? ''
      : verdict.permanent
        ? ' (permanent: --fix rewrites it)'
        : ' (temporary: --fix-temporary rewrites it)';
  return `${fileName(link.file)}:${link.line}:${link.column}: ${finding.severity} ${finding.type}: ${terminalText(finding.message)}${note}\n`;
}

/** A file's path as CI tools locate it (from the repository's root: ci-location.ts). */
export type Locate = (file: string) => string;

function ciReport(result: CrawlFilesResult, findings: readonly FileFinding[], exit: number, locate: Locate): CiReport {
  const errors = findings.filter(({ finding }) => ciLevel(finding) === 'error').length;
  return {
    command: 'crawl',
    inputName: plural(result.files.length, 'file'),
    findings: findings.map((finding) => ({ ...ciFinding(finding), path: locate(finding.link.file) })),
    totals: [
      ['files', result.files.length],
      ['links followed', result.links.length - result.local],
      ['local links checked', result.local],
      ['distinct URLs', result.urls],
      ['warnings', findings.length - errors],
      ['errors', errors],
    ],
    failing: findings.map(({ link, finding }) => ({
      line: link.line,
      path: locate(link.file),
      source: link.target,
      outcome: finding.type,
      reason: finding.message,
    })),
    failingNotListed: 0,
    collapses: [],
    slowest: [],
    exit,
  };
}

function jsonReport(result: CrawlFilesResult, findings: readonly FileFinding[]): string {
  const rows = findings.map(({ link, finding }) => ({
    file: link.file,
    line: link.line,
    column: link.column,
    form: link.form,
    ...(link.element === undefined ? {} : { element: link.element }),
    target: link.target,
    url: link.url.href,
    type: finding.type,
    severity: finding.severity,
    ...(finding.suggestion === undefined ? {} : { suggestion: finding.suggestion }),
    chain: (link.followed.result?.chain ?? []).map((hop) => ({ url: hop.url, status: hop.status })),
    message: finding.message,
    help: finding.help,
  }));
  const summary = {
    files: result.files.length,
    links: result.links.length,
    urls: result.urls,
    local: result.local,
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
  locate: Locate,
  docsUrl?: string,
): string {
  if (format === 'table') return findings.map(findingLine).join('');
  if (format === 'json') return jsonReport(result, findings);
  const report = ciReport(result, findings, exit, locate);
  if (format === 'github') return annotations(report);
  return renderCiDocument(format as CiDocumentFormat, report, docsUrl === undefined ? {} : { docsUrl });
}

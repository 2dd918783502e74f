import { resolve } from 'node:path';
import {
  type CrawlFilesResult,
  crawlFiles,
  type FileFinding,
  type FileFix,
  fileFindings,
  isFixable,
  planFixes,
  writeFixes,
} from '../../file-links/index.js';
import { repositoryPath } from '../../formats/index.js';
import { integerFlag, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { ciLevel, FILES_FORMATS, type FilesFormat, findingLine, renderFindings } from '../crawl/files-output.js';
import { docsUrlSetting } from '../docs-url.js';
import { cliError, invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileName } from '../file-line.js';
import type { CliIo } from '../io.js';
import { Sink } from '../output.js';
import { outputError } from '../output-error.js';
import { plural } from '../plural.js';

/** The flags `crawl` takes on files: the crawl's (crawl-flags.ts: --fix, --write, --base, --include...). */
export type FilesCrawlFlags = CrawlFlags;

const DEFAULT_CONCURRENCY = 8;

function baseOf(flags: FilesCrawlFlags): URL | undefined {
  if (flags.base === undefined) return undefined;
  let base: URL;
  try {
    base = new URL(flags.base);
  } catch {
    throw invalidFlag('--base', 'must be an absolute http(s) URL', flags.base);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw invalidFlag('--base', 'must be an absolute http(s) URL', flags.base);
  }
  return base;
}

function formatOf(flags: FilesCrawlFlags): FilesFormat {
  const format = flags.format ?? 'table';
  if (!(FILES_FORMATS as readonly string[]).includes(format)) {
    throw invalidFlag('--format', `on files must be one of ${FILES_FORMATS.join(', ')}`, format);
  }
  return format as FilesFormat;
}

/** Everything wrong with the command line, found before any file is read. */
function refuseConflicts(flags: FilesCrawlFlags): void {
  if (flags.write === true && flags.fix !== true) throw cliError('USAGE_ERROR', '--write applies --fix: add --fix');
  if (flags.fixTemporary === true && flags.fix !== true) {
    throw cliError('USAGE_ERROR', '--fix-temporary widens --fix: add --fix', { flag: '--fix-temporary' });
  }
  // Said rather than ignored: a CI step counting on the file would find none.
  if ((flags.report ?? []).length > 0) {
    throw cliError('USAGE_ERROR', '--report is for crawling a site; on files, use --format and redirect stdout', {
      flag: '--report',
    });
  }
}

async function crawl(paths: readonly string[], flags: FilesCrawlFlags, io: CliIo): Promise<CrawlFilesResult> {
  const options = toAnalyzeOptions(flags);
  const base = baseOf(flags);
  const concurrency = integerFlag('--concurrency', flags.concurrency, 1, 256) ?? DEFAULT_CONCURRENCY;
  const { analyzer, release } = acquireAnalyzer(io, await analyzerSettings(flags, io));
  try {
    const analyze = await analyzer.withOptions(options);
    return await crawlFiles(paths, {
      cwd: io.cwd ?? process.cwd(),
      analyze,
      concurrency,
      ...(base === undefined ? {} : { base }),
      ...(flags.include === undefined ? {} : { include: flags.include }),
      ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
    });
  } finally {
    await release();
  }
}

/** `--fix`: the diffs on stdout, or with `--write` the files rewritten; returns the links rewritten. */
async function fix(
  result: CrawlFilesResult,
  flags: FilesCrawlFlags,
  stdout: Sink,
  stderr: Sink,
): Promise<Set<FileFix['edits'][number]['link']>> {
  const { fixes, unwritable } = planFixes(result, { temporary: flags.fixTemporary === true });
  for (const path of unwritable) await stderr.write(`hoplens: ${fileName(path)}: not valid UTF-8; not rewritten\n`);
  let done = fixes;
  if (flags.write === true) {
    const { written, changed } = await writeFixes(fixes, (path, error) => outputError('--write', path, error));
    for (const path of changed)
      await stderr.write(`hoplens: ${fileName(path)}: changed while it was read; not rewritten\n`);
    for (const { file, edits } of written) {
      await stderr.write(
        `hoplens: ${fileName(file.path)}: ${edits.length} link${edits.length === 1 ? '' : 's'} rewritten\n`,
      );
    }
    done = written;
  } else {
    for (const { diff } of fixes) await stdout.write(diff);
  }
  return new Set(done.flatMap(({ edits }) => edits.map((edit) => edit.link)));
}

/**
 * `hoplens crawl <files or directories...>`: the links of Markdown, MDX and HTML files, each distinct URL followed
 * once; every link that redirects or is broken reported on its file, line and column. With `--fix`, the rewrite of
 * each link whose chain is permanent and ends in 2xx as a diff, applied in place with `--write`. Exits 1 when a
 * link is broken or still redirects (after `--write`, one that was not rewritten), 0 otherwise.
 */
export async function runFilesCrawl(paths: readonly string[], flags: FilesCrawlFlags, io: CliIo): Promise<number> {
  refuseConflicts(flags);
  const format = formatOf(flags);
  // Refused before the crawl, not after it.
  const docsUrl = docsUrlSetting(io.env);
  const result = await crawl(paths, flags, io);
  const stdout = new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY });
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  const findings = result.links.flatMap(fileFindings);
  const rewritten = flags.fix === true ? await fix(result, flags, stdout, stderr) : new Set();
  const left = findings.filter((finding) => !rewritten.has(finding.link) || flags.write !== true);
  const exit = result.interrupted ? EXIT.INTERRUPTED : left.length > 0 ? EXIT.FAILED : EXIT.OK;
  // With --fix, stdout is the diff: the findings go to stderr, one line each.
  if (flags.fix === true) for (const finding of findings) await stderr.write(findingLine(finding));
  else {
    const cwd = io.cwd ?? process.cwd();
    const locate = (file: string) => repositoryPath(resolve(cwd, file), io.env, cwd) ?? file;
    await stdout.write(renderFindings(format, result, findings, exit, locate, docsUrl));
  }
  await stderr.write(summaryLine(result, findings, flags));
  await stdout.close();
  await stderr.close();
  return exit;
}

function summaryLine(result: CrawlFilesResult, findings: readonly FileFinding[], flags: FilesCrawlFlags): string {
  const policy = { temporary: flags.fixTemporary === true };
  const broken = new Set(findings.filter(({ finding }) => ciLevel(finding) === 'error').map(({ link }) => link));
  const redirecting = result.links.filter((link) => link.followed.verdict.kind === 'redirect');
  const fixable = redirecting.filter((link) => isFixable(link, policy)).length;
  const counts = `${redirecting.length} redirecting (${fixable} fixable), ${broken.size} broken`;
  const skipped =
    result.skipped > 0 ? `; ${result.skipped} not followed (not http(s), or relative without --base)` : '';
  return `hoplens: ${plural(result.files.length, 'file')}, ${plural(result.links.length, 'link')} to ${plural(result.urls, 'URL')}: ${counts}${skipped}\n`;
}

import { resolve } from 'node:path';
import {
  type AnalyzeUrl,
  type CrawlFilesOptions,
  type FileLinksRun,
  type FixOutcome,
  type FixSettings,
  runFileLinks,
} from '../../file-links/index.js';
import { repositoryPath } from '../../formats/index.js';
import { integerFlag, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { FILES_FORMATS, type FilesFormat, findingLine, renderFindings } from '../crawl/files-output.js';
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

/** The room's settings from the flags: the analyzer's options, the base, the walk, `--offline`. */
async function crawlOptions(flags: FilesCrawlFlags, io: CliIo, analyze: AnalyzeUrl): Promise<CrawlFilesOptions> {
  const base = baseOf(flags);
  const concurrency = integerFlag('--concurrency', flags.concurrency, 1, 256) ?? DEFAULT_CONCURRENCY;
  return {
    cwd: io.cwd ?? process.cwd(),
    analyze,
    concurrency,
    offline: flags.offline === true,
    ...(base === undefined ? {} : { base }),
    ...(flags.include === undefined ? {} : { include: flags.include }),
    ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  };
}

/** The run, with the command's analyzer borrowed for it (never started with `--offline`: no URL is requested). */
async function run(paths: readonly string[], flags: FilesCrawlFlags, io: CliIo): Promise<FileLinksRun> {
  const fix: FixSettings | undefined =
    flags.fix === true
      ? {
          temporary: flags.fixTemporary === true,
          write: flags.write === true,
          writeError: (path, error) => outputError('--write', path, error),
        }
      : undefined;
  if (flags.offline === true) {
    const refuse: AnalyzeUrl = () => Promise.reject(new Error('--offline requests no URL'));
    return runFileLinks(paths, await crawlOptions(flags, io, refuse), fix);
  }
  const { analyzer, release } = acquireAnalyzer(io, await analyzerSettings(flags, io));
  try {
    const analyze = await analyzer.withOptions(toAnalyzeOptions(flags));
    return await runFileLinks(paths, await crawlOptions(flags, io, analyze), fix);
  } finally {
    await release();
  }
}

/** What `--fix` did, said: the diffs on stdout, or with `--write` each file rewritten on stderr. */
async function tellFix(outcome: FixOutcome, write: boolean, stdout: Sink, stderr: Sink): Promise<void> {
  for (const path of outcome.unwritable)
    await stderr.write(`hoplens: ${fileName(path)}: not valid UTF-8; not rewritten\n`);
  for (const path of outcome.changed) {
    await stderr.write(`hoplens: ${fileName(path)}: changed while it was read; not rewritten\n`);
  }
  for (const { file, edits, diff } of outcome.fixes) {
    if (!write) await stdout.write(diff);
    else await stderr.write(`hoplens: ${fileName(file.path)}: ${plural(edits.length, 'link')} rewritten\n`);
  }
}

/**
 * `hoplens crawl <files or directories...>`: the links of Markdown, MDX and HTML files, each distinct URL followed
 * once and each link to a local file checked on disk; every link that redirects or is broken reported on its file,
 * line and column. With `--fix`, the rewrite of each link whose chain is permanent and ends in 2xx as a diff, applied
 * in place with `--write`. Exits 1 when a link is broken or still redirects (after `--write`, one that was not
 * rewritten), 0 otherwise.
 */
export async function runFilesCrawl(paths: readonly string[], flags: FilesCrawlFlags, io: CliIo): Promise<number> {
  refuseConflicts(flags);
  const format = formatOf(flags);
  // Refused before the crawl, not after it.
  const docsUrl = docsUrlSetting(io.env);
  const done = await run(paths, flags, io);
  const { result, findings } = done;
  const stdout = new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY });
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  if (done.fix !== undefined) await tellFix(done.fix, flags.write === true, stdout, stderr);
  const exit = result.interrupted ? EXIT.INTERRUPTED : done.left.length > 0 ? EXIT.FAILED : EXIT.OK;
  // With --fix, stdout is the diff: the findings go to stderr, one line each.
  if (flags.fix === true) for (const finding of findings) await stderr.write(findingLine(finding));
  else {
    const cwd = io.cwd ?? process.cwd();
    const locate = (file: string) => repositoryPath(resolve(cwd, file), io.env, cwd) ?? file;
    await stdout.write(renderFindings(format, result, findings, exit, locate, docsUrl));
  }
  await stderr.write(summaryLine(done, flags.offline === true));
  await stdout.close();
  await stderr.close();
  return exit;
}

/** The closing line: files, links, URLs and local links, and what was found. */
function summaryLine({ result, counts }: FileLinksRun, offline: boolean): string {
  const found = `${counts.redirecting} redirecting (${counts.fixable} fixable), ${counts.broken} broken`;
  const why = offline
    ? 'URLs with --offline, other schemes, or from the root without --base'
    : 'other schemes, or from the root without --base';
  const skipped = result.skipped > 0 ? `; ${result.skipped} not followed (${why})` : '';
  const urls = result.links.length - result.local;
  const local = result.local > 0 ? `, ${plural(result.local, 'link')} to local files` : '';
  return `hoplens: ${plural(result.files.length, 'file')}, ${plural(urls, 'link')} to ${plural(result.urls, 'URL')}${local}: ${found}${skipped}\n`;
}

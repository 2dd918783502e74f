import { type CheckedLink, type CrawlFilesOptions, type CrawlFilesResult, crawlFiles } from './crawl-files.js';
import { type FileFinding, fileFindings } from './file-findings.js';
import { type FileFix, type FixPolicy, isFixable, planFixes } from './plan-fixes.js';
import { writeFixes } from './write-fixes.js';

/** How `--fix` goes: which chains it rewrites, and whether it writes the files or only plans the diffs. */
export interface FixSettings extends FixPolicy {
  write: boolean;
  /** The error of a file that could not be written (the CLI names the flag and the file). */
  writeError: (path: string, error: unknown) => Error;
}

/** What `--fix` did: the rewrites (printed as diffs when not written), and the files it had to leave alone. */
export interface FixOutcome {
  /** The files rewritten with `write`, or the rewrites planned without it. */
  fixes: FileFix[];
  /** Files whose text is not their exact bytes (not UTF-8): never rewritten. */
  unwritable: string[];
  /** Files that changed while the run read them: not rewritten. */
  changed: string[];
}

/** A files crawl, judged: its links, findings, what `--fix` did, and the counts of its closing line. */
export interface FileLinksRun {
  result: CrawlFilesResult;
  findings: FileFinding[];
  /** The findings still standing: all of them, but those on links `--fix --write` rewrote. */
  left: FileFinding[];
  fix?: FixOutcome;
  counts: { redirecting: number; fixable: number; broken: number };
}

/** `--fix`: the rewrites planned, and written with `write`. */
async function applyFix(result: CrawlFilesResult, settings: FixSettings): Promise<FixOutcome> {
  const { fixes, unwritable } = planFixes(result, settings);
  if (!settings.write) return { fixes, unwritable, changed: [] };
  const { written, changed } = await writeFixes(fixes, settings.writeError);
  return { fixes: written, unwritable, changed };
}

/**
 * The files crawl as a command runs it: the links read, followed and checked ({@link crawlFiles}), their findings,
 * with `fix` the redirected links rewritten, and what is left standing. The face writes it.
 */
export async function runFileLinks(
  paths: readonly string[],
  options: CrawlFilesOptions,
  fix?: FixSettings,
): Promise<FileLinksRun> {
  const result = await crawlFiles(paths, options);
  const findings = result.links.flatMap(fileFindings);
  const outcome = fix === undefined ? undefined : await applyFix(result, fix);
  const rewritten = new Set<CheckedLink>(
    fix?.write === true ? (outcome?.fixes ?? []).flatMap(({ edits }) => edits.map((edit) => edit.link)) : [],
  );
  const left = findings.filter((finding) => !rewritten.has(finding.link));
  const redirecting = result.links.filter((link) => link.followed.verdict.kind === 'redirect');
  const policy = { temporary: fix?.temporary === true };
  const broken = new Set(findings.filter(({ finding }) => finding.severity === 'error').map(({ link }) => link));
  const counts = {
    redirecting: redirecting.length,
    fixable: redirecting.filter((link) => isFixable(link, policy)).length,
    broken: broken.size,
  };
  return { result, findings, left, ...(outcome === undefined ? {} : { fix: outcome }), counts };
}

import { resolve } from 'node:path';
import { CHECK_FORMATS, type CheckFormat } from '../formats/formatter.js';
import { invalidFlag } from './errors.js';

/** One `--report FORMAT=FILE`: a report of the run in another format, written to a file besides standard output. */
export interface ReportSpec<F extends string = CheckFormat> {
  format: F;
  path: string;
}

/**
 * The `--report` flags, each `FORMAT=FILE` with FORMAT one of the output formats (the formatter table: a format added
 * there is accepted here), the file resolved against `cwd`. Two reports into one file are refused: one would be lost.
 */
export function parseReportSpecs<F extends string = CheckFormat>(
  values: readonly string[] | undefined,
  cwd: string,
  formats: readonly F[] = CHECK_FORMATS as readonly string[] as readonly F[],
): ReportSpec<F>[] {
  const specs: ReportSpec<F>[] = [];
  for (const value of values ?? []) {
    const at = value.indexOf('=');
    const format = value.slice(0, at);
    if (at <= 0 || at === value.length - 1 || !(formats as readonly string[]).includes(format)) {
      throw invalidFlag(
        '--report',
        `must be FORMAT=FILE with FORMAT one of ${formats.join(', ')}`,
        JSON.stringify(value),
      );
    }
    const path = resolve(cwd, value.slice(at + 1));
    if (specs.some((spec) => spec.path === path)) {
      throw invalidFlag('--report', 'names a file another --report writes too', JSON.stringify(value));
    }
    specs.push({ format: format as F, path });
  }
  return specs;
}

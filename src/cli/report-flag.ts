import { resolve } from 'node:path';
import { invalidFlag } from './errors.js';
import { CHECK_FORMATS, type CheckFormat } from './formats/formatter.js';

/** One `--report FORMAT=FILE`: a report of the run in another format, written to a file besides standard output. */
export interface ReportSpec {
  format: CheckFormat;
  path: string;
}

/**
 * The `--report` flags, each `FORMAT=FILE` with FORMAT one of the output formats (the formatter table: a format added
 * there is accepted here), the file resolved against `cwd`. Two reports into one file are refused: one would be lost.
 */
export function parseReportSpecs(values: readonly string[] | undefined, cwd: string): ReportSpec[] {
  const specs: ReportSpec[] = [];
  for (const value of values ?? []) {
    const at = value.indexOf('=');
    const format = value.slice(0, at);
    if (at <= 0 || at === value.length - 1 || !(CHECK_FORMATS as readonly string[]).includes(format)) {
      throw invalidFlag(
        '--report',
        `must be FORMAT=FILE with FORMAT one of ${CHECK_FORMATS.join(', ')}`,
        JSON.stringify(value),
      );
    }
    const path = resolve(cwd, value.slice(at + 1));
    if (specs.some((spec) => spec.path === path)) {
      throw invalidFlag('--report', 'names a file another --report writes too', JSON.stringify(value));
    }
    specs.push({ format: format as CheckFormat, path });
  }
  return specs;
}

import { stat } from 'node:fs/promises';
import { cliError } from '../errors.js';
import type { CheckPlan } from './plan.js';

/** A file's identity (device and inode, through symlinks and hard links), or undefined when it does not exist. */
async function identity(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    return `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}

/** Whether two paths name one existing file (through symlinks and hard links). */
export async function isSameFile(a: string, b: string): Promise<boolean> {
  const first = await identity(a);
  return first !== undefined && first === (await identity(b));
}

/**
 * Refuses an `--output` (or a `--report` file) that is one of the run's inputs (the checked file or the
 * `--baseline`), compared as files rather than as names, so that `./a.csv`, a symlink to it or a hard link are caught
 * too. Opening the output truncates it, which would destroy the input before a line of it is read; so this runs
 * before anything is opened for writing.
 */
export async function refuseOutputOverInputs(plan: CheckPlan): Promise<void> {
  const outputs: Array<[string, string | undefined]> = [
    ['--output', plan.outputPath],
    ...plan.reports.map((report): [string, string] => ['--report', report.path]),
  ];
  for (const [flag, path] of outputs) {
    if (path !== undefined) await refuseOver(plan, flag, path);
  }
}

async function refuseOver(plan: CheckPlan, flag: string, outputPath: string): Promise<void> {
  const output = await identity(outputPath);
  if (output === undefined) return;
  const inputs: Array<[string, string | undefined]> = [
    [`the input file ${plan.inputName}`, plan.inputPath === '-' ? undefined : plan.inputPath],
    [`the --baseline file ${plan.baselinePath}`, plan.baselinePath],
  ];
  for (const [what, path] of inputs) {
    if (path !== undefined && (await identity(path)) === output) {
      throw cliError(
        'USAGE_ERROR',
        `${flag} ${outputPath} is ${what}: writing the report there would destroy it; choose another file`,
        { flag },
      );
    }
  }
}

import { appendFile } from 'node:fs/promises';
import { outputError } from '../output-error.js';

/**
 * Appends the job summary to `$GITHUB_STEP_SUMMARY` (each step's file is appended to, several commands of a step
 * adding their sections; https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary).
 */
export async function writeStepSummary(path: string | undefined, markdown: string): Promise<void> {
  if (path === undefined || path === '') return;
  try {
    await appendFile(path, `${markdown}\n`);
  } catch (error) {
    throw outputError('GITHUB_STEP_SUMMARY', path, error);
  }
}

/**
 * Runs a composite action's steps as the GitHub runner does, on this machine, with no network: each `run:` step in
 * `bash --noprofile --norc -eo pipefail` (the runner's command for `shell: bash`), its `${{ inputs.* }}`,
 * `${{ github.* }}` and `${{ steps.*.outputs.* }}` expressions replaced by their values, the `GITHUB_*` files
 * (`GITHUB_ENV`, `GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`) made fresh for the job, and what a step appends to
 * `GITHUB_ENV` passed on to the following steps. https://docs.github.com/en/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions#runs-for-composite-actions ;
 * the shell command: https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsshell
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

interface ActionStep {
  id?: string;
  name?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

interface ActionFile {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** What a job gave the action, and where its files are. */
export interface RunnerJob {
  actionPath: string;
  inputs: Record<string, string>;
  /** The job's working directory (GITHUB_WORKSPACE) and temporary directory (RUNNER_TEMP). */
  workspace: string;
  temp: string;
  /** Variables of the runner's environment besides the GITHUB_* files (PATH, HOME...). */
  env: Record<string, string | undefined>;
  timeoutMs: number;
}

/** One step's outcome. */
export interface StepOutcome {
  name: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Reads `KEY=value` lines as the runner reads GITHUB_ENV and GITHUB_OUTPUT (one-line values). */
function keyValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

function runBash(script: string, env: Record<string, string | undefined>, cwd: string, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs every step of the action at `job.actionPath` until one fails, as a job would. */
export async function runCompositeAction(job: RunnerJob): Promise<{
  steps: StepOutcome[];
  outputs: Record<string, string>;
  summary: string;
}> {
  const action = parse(await readFile(join(job.actionPath, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error('not a composite action');
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) inputs[name] = job.inputs[name] ?? input.default ?? '';
  const files = {
    GITHUB_ENV: join(job.temp, 'env'),
    GITHUB_OUTPUT: join(job.temp, 'output'),
    GITHUB_STEP_SUMMARY: join(job.temp, 'summary.md'),
  };
  const stepOutputs: Record<string, Record<string, string>> = {};
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
      const [scope, name, ...rest] = path.split('.');
      if (scope === 'inputs') return inputs[name!] ?? '';
      if (scope === 'github' && name === 'action_path') return job.actionPath;
      if (scope === 'github' && name === 'workspace') return job.workspace;
      if (scope === 'steps' && rest[0] === 'outputs') return stepOutputs[name!]?.[rest[1]!] ?? '';
      throw new Error(`expression not known to this runner: ${path}`);
    });
  let carried: Record<string, string> = {};
  const steps: StepOutcome[] = [];
  for (const step of action.runs.steps) {
    if (step.run === undefined || step.shell !== 'bash') throw new Error(`step ${step.name}: only bash run steps`);
    await writeFile(files.GITHUB_OUTPUT, '');
    const env: Record<string, string | undefined> = {
      ...job.env,
      ...carried,
      ...files,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: job.workspace,
      GITHUB_ACTION_PATH: job.actionPath,
      RUNNER_TEMP: job.temp,
    };
    for (const [key, value] of Object.entries(step.env ?? {})) env[key] = expression(String(value));
    const result = await runBash(expression(step.run), env, job.workspace, job.timeoutMs);
    steps.push({ name: step.name ?? '', ...result });
    carried = { ...carried, ...keyValues(await readFile(files.GITHUB_ENV, 'utf8').catch(() => '')) };
    if (step.id !== undefined) stepOutputs[step.id] = keyValues(await readFile(files.GITHUB_OUTPUT, 'utf8'));
    if (result.code !== 0) break;
  }
  const outputs: Record<string, string> = {};
  for (const [name, output] of Object.entries(action.outputs ?? {})) outputs[name] = expression(output.value);
  const summary = await readFile(files.GITHUB_STEP_SUMMARY, 'utf8').catch(() => '');
  return { steps, outputs, summary };
}

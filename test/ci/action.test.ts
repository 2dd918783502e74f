/**
 * The repository's `action.yml`, run as GitHub's runner runs a composite action (test/ci/action-runner.ts): from this
 * checkout (github.action_path, already built here, as a checkout is once `npm ci` has run), no network, a fake
 * GITHUB_* environment. A pull request's `_redirects` gets its findings annotated on their lines and written to the
 * job summary; `fail-on-findings` decides whether they fail the step; the arguments are split as a shell quotes
 * them and never evaluated.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDirPerTest } from '../helpers/cli.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';
import { runCompositeAction } from './action-runner.js';

const dir = tempDirPerTest();

async function job(inputs: Record<string, string>, files: Record<string, string>) {
  const workspace = join(dir(), 'workspace');
  const temp = join(dir(), 'runner-temp');
  await mkdir(temp, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(workspace, name, '..'), { recursive: true });
    await writeFile(join(workspace, name), text);
  }
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  return runCompositeAction({ actionPath: ROOT, inputs, workspace, temp, env, timeoutMs: 60_000 });
}

describe('action.yml', () => {
  it("lints a pull request's _redirects: the chain annotated on its line, the job summary written", async () => {
    const { steps, outputs, summary } = await job(
      { args: 'lint public/_redirects' },
      { 'public/_redirects': '/x /y 301\n/a /b 301\n/b /c 301\n' },
    );
    expect(steps.map((s) => [s.name, s.code])).toEqual([
      ['Install hoplens', 0],
      ['Run hoplens', 0],
    ]);
    const run = steps[1]!;
    const warnings = parseAnnotations(run.stdout).filter((c) => c.command === 'warning');
    expect(warnings.map((w) => [w.properties.file, w.properties.line])).toEqual([['public/_redirects', '2']]);
    expect(summary).toContain('## hoplens lint: `public/_redirects`');
    expect(outputs['exit-code']).toBe('0');
  });

  it('fails the step on an error finding, unless fail-on-findings is false', async () => {
    const files = { _redirects: '/loop /loop 301\n' };
    const failing = await job({ args: 'lint _redirects' }, files);
    expect(failing.steps[1]!.code).toBe(1);
    expect(parseAnnotations(failing.steps[1]!.stdout).filter((c) => c.command === 'error')).toHaveLength(1);
    const reported = await job({ args: 'lint _redirects', 'fail-on-findings': 'false' }, files);
    expect(reported.steps[1]!.code).toBe(0);
    expect(reported.outputs['exit-code']).toBe('1');
  });

  it('splits the arguments as a shell quotes them, evaluating nothing; annotations can be turned off', async () => {
    const { steps, summary } = await job(
      { args: `lint 'site files/_redirects' --format table "$(touch pwned)"`, annotations: 'false' },
      { 'site files/_redirects': '/a /b 301\n/b /c 301\n' },
    );
    // The third argument reaches hoplens as written (a file name it cannot open), never run.
    expect(existsSync(join(dir(), 'workspace', 'pwned'))).toBe(false);
    expect(steps[1]!.stderr).toContain('$(touch pwned)');
    const plain = await job(
      { args: `lint 'site files/_redirects'`, annotations: 'false' },
      { 'site files/_redirects': '/a /b 301\n/b /c 301\n' },
    );
    expect(plain.steps[1]!.code).toBe(0);
    expect(plain.steps[1]!.stdout).toContain('site files/_redirects:1:');
    expect(parseAnnotations(plain.steps[1]!.stdout)).toEqual([]);
    expect(summary).toBe('');
  });
});

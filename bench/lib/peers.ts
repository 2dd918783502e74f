/**
 * The crawl benchmark's peers, found or installed at bench time, never as dependencies of the package.
 *
 * linkinator is installed into a cache directory under bench/.peers/ (gitignored) with `npm install --prefix`: the
 * published hoplens does not need it, and as a devDependency it would pin every developer's tree to a version chosen
 * for the benchmark's Node. 7.6.1 is the newest release that runs on Node 20: 8.x declares `engines.node >=22`
 * (`npm view linkinator@8.0.3 engines`); 7.6.1 declares `>=20`. `--engine-strict` turns any engine mismatch in its
 * dependency tree into a failed install rather than a warning, so what runs is what Node 20 supports.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINKINATOR_VERSION = process.env.BENCH_LINKINATOR_VERSION ?? '7.6.1';
const PEERS = fileURLToPath(new URL('../.peers/', import.meta.url));

/** A peer ready to run, or why it is skipped. */
export type Peer = { ok: true; command: string; prefix: string[]; version: string } | { ok: false; reason: string };

function installedVersion(dir: string): string | undefined {
  try {
    const manifest = join(dir, 'node_modules', 'linkinator', 'package.json');
    return JSON.parse(readFileSync(manifest, 'utf8')).version as string;
  } catch {
    return undefined;
  }
}

function npmInstall(dir: string, spec: string, timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const args = ['install', '--prefix', dir, '--no-audit', '--no-fund', '--engine-strict', '--no-save', spec];
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-3_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => resolve({ code: -1, output: String(error) }));
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

/** linkinator's CLI, run by this Node directly (no npx, no shell: one process to measure). */
export async function linkinator(timeoutMs = 300_000): Promise<Peer> {
  const dir = join(PEERS, `linkinator-${LINKINATOR_VERSION}`);
  if (installedVersion(dir) !== LINKINATOR_VERSION) {
    mkdirSync(dir, { recursive: true });
    const { code, output } = await npmInstall(dir, `linkinator@${LINKINATOR_VERSION}`, timeoutMs);
    if (code !== 0 || installedVersion(dir) !== LINKINATOR_VERSION) {
      const why = /ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|network/i.test(output)
        ? 'the npm registry is unreachable'
        : `npm install exited ${code}`;
      return {
        ok: false,
        reason: `linkinator@${LINKINATOR_VERSION} not installed (${why}): ${output.trim().slice(-300)}`,
      };
    }
  }
  const cli = join(dir, 'node_modules', 'linkinator', 'build', 'src', 'cli.js');
  if (!existsSync(cli)) return { ok: false, reason: `linkinator's CLI is not at ${cli}` };
  return { ok: true, command: process.execPath, prefix: [cli], version: LINKINATOR_VERSION };
}

/** Debian's wget, when installed. */
export function wget(): Peer {
  const found = spawnSync('wget', ['--version'], { encoding: 'utf8' });
  if (found.error !== undefined || found.status !== 0) return { ok: false, reason: 'wget is not installed' };
  const version = /^GNU Wget (\S+)/.exec(found.stdout)?.[1] ?? 'unknown';
  return { ok: true, command: 'wget', prefix: [], version };
}

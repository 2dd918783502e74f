/**
 * Suggestion workload (issue 45): `hoplens suggest` on the suggestion corpus (bench/suggest-corpus.ts). Precision and
 * recall at the default threshold on the committed seed and two others (in process, as test/suggest/corpus.test.ts
 * asserts them), then the built CLI end to end on a large corpus (SUGGEST_LARGE old URLs, default 50,000, against
 * their new site: the files read, the matching, the CSV written), its time and peak RSS.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SUGGEST_CORPUS_SEED, suggestCorpus, writeSuggestCorpus } from '../suggest-corpus.js';
import { SUGGEST_SEEDS, type SuggestFigures, scoreSeed } from '../suggest-score.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface SuggestResult {
  seeds: Array<{ seed: number } & Omit<SuggestFigures, 'wrong'>>;
  large: { old: number; new: number; seconds: number; peakMb: number; proposals: number };
}

/** Runs the built CLI on the large corpus's files under GNU time: wall-clock seconds, peak RSS, proposals written. */
function runLarge(folder: string): Promise<{ seconds: number; peakMb: number; proposals: number }> {
  const started = performance.now();
  const args = ['-f', 'HOPLENS_MAXRSS_KB=%M', process.execPath, CLI, 'suggest', join(folder, 'old.csv')];
  args.push('--to', join(folder, 'new.csv'));
  const child = spawn('/usr/bin/time', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 0x0a) lines++;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`hoplens suggest exited ${code}: ${stderr.slice(-2000)}`));
      const kb = Number(/HOPLENS_MAXRSS_KB=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
      resolve({ seconds: (performance.now() - started) / 1000, peakMb: kb / 1024, proposals: lines - 1 });
    });
  });
}

export async function suggestWorkload(workDir: string): Promise<SuggestResult> {
  const seeds = SUGGEST_SEEDS.map((seed) => {
    const { wrong: _wrong, ...figures } = scoreSeed(seed);
    return { seed, ...figures };
  });
  const size = Number(process.env.SUGGEST_LARGE ?? 50_000);
  const corpus = suggestCorpus(SUGGEST_CORPUS_SEED, size);
  const folder = join(workDir, 'suggest');
  mkdirSync(folder, { recursive: true });
  writeSuggestCorpus(folder, corpus);
  const large = { old: corpus.old.length, new: corpus.new.length, ...(await runLarge(folder)) };
  return { seeds, large };
}

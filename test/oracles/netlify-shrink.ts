/**
 * Finding and shrinking disagreements with Netlify's parser and matcher: a seeded fast-check run over generated files
 * (netlify-generator.ts), each judged sample by sample (netlify-verdicts.ts); a failing file is shrunk by fast-check
 * (fewer rules, simpler rules, fewer samples) to a minimal file whose samples still disagree.
 */
import fc from 'fast-check';
import { type GeneratedFile, generatedFile } from './netlify-generator.js';
import { judgeFile, type NetlifyOutcome } from './netlify-verdicts.js';

/** What one seeded run found: the files and samples asked, and the shrunk disagreement if any. */
export interface NetlifySeedRun {
  seed: number;
  files: number;
  samples: number;
  agreed: number;
  skipped: number;
  shrunk?: { file: GeneratedFile; outcomes: NetlifyOutcome[] };
}

/** The shrunk counterexample holding only the samples that disagree. */
async function minimal(file: GeneratedFile): Promise<NetlifySeedRun['shrunk']> {
  const outcomes = (await judgeFile(file)).filter((each) => each.verdict === 'disagree');
  if (outcomes.length === 0) return undefined;
  return { file: { ...file, samples: outcomes.map((each) => each.sample) }, outcomes };
}

/** Runs `runs` files from `seed`; on a disagreement fast-check shrinks it (within `shrinkMs`). */
export async function runSeed(seed: number, runs: number, shrinkMs = 60_000): Promise<NetlifySeedRun> {
  const run: NetlifySeedRun = { seed, files: 0, samples: 0, agreed: 0, skipped: 0 };
  let counting = true;
  const property = fc.asyncProperty(generatedFile, async (file) => {
    const outcomes = await judgeFile(file);
    // Shrinking runs the property again: only the first pass over the seed's files is counted.
    if (counting) {
      run.files += 1;
      run.samples += outcomes.length;
      run.agreed += outcomes.filter((each) => each.verdict === 'agree').length;
      run.skipped += outcomes.filter((each) => each.verdict === 'skip').length;
    }
    const ok = outcomes.every((each) => each.verdict !== 'disagree');
    if (!ok) counting = false;
    return ok;
  });
  const result = await fc.check(property, { seed, numRuns: runs, interruptAfterTimeLimit: shrinkMs });
  if (result.failed && result.counterexample !== null) {
    const shrunk = await minimal(result.counterexample[0]);
    if (shrunk !== undefined) run.shrunk = shrunk;
  }
  return run;
}

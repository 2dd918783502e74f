/**
 * Finding and shrinking disagreements with Vercel's routing code: a seeded fast-check run over generated files
 * (vercel-generator.ts), each compared sample by sample (vercel-compare.ts); a failing file is shrunk by fast-check
 * (fewer rules, simpler sources, fewer samples) to a minimal file whose samples still disagree.
 */
import fc from 'fast-check';
import { compareFile, type Outcome } from './vercel-compare.js';
import { type GeneratedFile, generatedFile } from './vercel-generator.js';

/** What one seeded run found: the files and samples asked, and the shrunk disagreement. */
export interface SeedRun {
  seed: number;
  files: number;
  samples: number;
  agreed: number;
  skipped: number;
  shrunk?: { file: GeneratedFile; outcomes: Outcome[] };
}

/** The shrunk counterexample as one file holding only the samples that disagree. */
async function minimal(file: GeneratedFile): Promise<SeedRun['shrunk']> {
  const outcomes = (await compareFile(file)).filter((each) => each.verdict === 'disagree');
  if (outcomes.length === 0) return undefined;
  const samples = outcomes.map((each) => each.sample).filter((sample) => sample !== '');
  return { file: { text: file.text, samples }, outcomes };
}

/** Runs `runs` files from `seed`; on a disagreement fast-check shrinks it (within `shrinkMs`). */
export async function runSeed(seed: number, runs: number, shrinkMs = 60_000): Promise<SeedRun> {
  const run: SeedRun = { seed, files: 0, samples: 0, agreed: 0, skipped: 0 };
  let counting = true;
  const property = fc.asyncProperty(generatedFile, async (file) => {
    const outcomes = await compareFile(file);
    const ok = outcomes.every((each) => each.verdict !== 'disagree');
    // Counting stops at the first failure: what follows is fast-check shrinking it.
    if (counting) {
      run.files += 1;
      run.samples += outcomes.length;
      run.agreed += outcomes.filter((each) => each.verdict === 'agree').length;
      run.skipped += outcomes.filter((each) => each.verdict === 'skip').length;
    }
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

/**
 * Finding and shrinking disagreements with a real Apache httpd: a seeded fast-check run over batches of generated sites (one
 * httpd start a batch, apache-batch.ts); a failing batch is shrunk by fast-check (fewer sites, fewer requests, simpler
 * directives, each step one httpd start) to a minimal site whose requests still disagree.
 */
import fc from 'fast-check';
import { type Outcome, runBatch } from './apache-batch.js';
import { type GeneratedSite, generatedSite } from './apache-generator.js';

/** Sites a batch: every one served by the same httpd start. */
export const BATCH = 50;
export const batch = fc.array(generatedSite, { minLength: 1, maxLength: BATCH, size: 'max' });

/** What one seeded run found: the sites and requests asked, and each disagreement's shrunk site. */
export interface SeedRun {
  seed: number;
  sites: number;
  requests: number;
  agreed: number;
  skipped: number;
  shrunk?: { site: GeneratedSite; outcomes: Outcome[] };
  /** A failure that was not a disagreement (httpd refusing a generated file), with the shrunk sites. */
  error?: string;
}

/** The shrunk counterexample as one site holding only the requests that disagree. */
async function minimal(sites: readonly GeneratedSite[]): Promise<SeedRun['shrunk']> {
  const outcomes = (await runBatch(sites)).filter((each) => each.verdict === 'disagree');
  const first = outcomes[0];
  if (first === undefined) return undefined;
  const mine = outcomes.filter((each) => each.site === first.site);
  return {
    site: { placement: first.site.placement, text: first.site.text, requests: mine.map((each) => each.request) },
    outcomes: mine,
  };
}

/** Runs `runs` batches from `seed`; on a disagreement fast-check shrinks it (within `shrinkMs`). */
export async function runSeed(seed: number, runs: number, shrinkMs = 120_000): Promise<SeedRun> {
  const run: SeedRun = { seed, sites: 0, requests: 0, agreed: 0, skipped: 0 };
  let counting = true;
  const property = fc.asyncProperty(batch, async (sites) => {
    // A batch httpd refuses (a generator's mistake) fails too, and is shrunk: counting stops at the first failure.
    const outcomes = await runBatch(sites).catch((error: unknown) => {
      counting = false;
      throw error;
    });
    if (counting) {
      run.sites += sites.length;
      run.requests += outcomes.length;
      run.agreed += outcomes.filter((each) => each.verdict === 'agree').length;
      run.skipped += outcomes.filter((each) => each.verdict === 'skip').length;
    }
    const ok = outcomes.every((each) => each.verdict !== 'disagree');
    if (!ok) counting = false;
    return ok;
  });
  const result = await fc.check(property, { seed, numRuns: runs, interruptAfterTimeLimit: shrinkMs });
  if (result.failed && result.counterexample !== null) {
    const shrunk = await minimal(result.counterexample[0]).catch((error: unknown) => {
      run.error = `${String(error).slice(0, 300)}\n${result.counterexample?.[0].map((site) => site.text).join('')}`;
      return undefined;
    });
    if (shrunk !== undefined) run.shrunk = shrunk;
  }
  return run;
}

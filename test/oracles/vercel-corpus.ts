/**
 * The corpus of the generated Vercel suite (corpus/vercel.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal vercel.json and the samples that disagreed, with the seed that found it and what each side
 * said then. vercel.generated.test.ts replays every entry on every run; vercel-fuzz.ts adds new ones.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeOutcome, type Outcome } from './vercel-compare.js';
import type { GeneratedFile } from './vercel-generator.js';

export const CORPUS_FILE = fileURLToPath(new URL('./corpus/vercel.json', import.meta.url));

export interface CorpusEntry extends GeneratedFile {
  /** How it was found: the seed of the run (and the date). */
  found: string;
  /** What Vercel answered and hoplens predicted when it was found, one line a sample. */
  said: string[];
  /** Set while hoplens still disagrees: the class, as docs/oracles/vercel.md names it. */
  open?: string;
}

export async function readCorpus(): Promise<CorpusEntry[]> {
  try {
    return JSON.parse(await readFile(CORPUS_FILE, 'utf8')) as CorpusEntry[];
  } catch {
    return [];
  }
}

/** Adds an entry unless one with the same text and samples is there already. */
export async function addToCorpus(file: GeneratedFile, found: string, outcomes: readonly Outcome[]): Promise<boolean> {
  const corpus = await readCorpus();
  const key = (each: GeneratedFile) => JSON.stringify([each.text, each.samples]);
  if (corpus.some((entry) => key(entry) === key(file))) return false;
  corpus.push({ text: file.text, samples: file.samples, found, said: outcomes.map(describeOutcome) });
  await writeFile(CORPUS_FILE, `${JSON.stringify(corpus, null, 2)}\n`);
  return true;
}

/**
 * The corpus of the generated Vercel suite (corpus/vercel.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal vercel.json and the samples that disagreed, with the seed that found it and what each side
 * said then. vercel.generated.test.ts replays every entry on every run; vercel-fuzz.ts adds new ones.
 */
import { fileURLToPath } from 'node:url';
import { CorpusFile } from './corpus-file.js';
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

const corpus = new CorpusFile<CorpusEntry>(CORPUS_FILE, (each) => [each.text, each.samples]);

export function readCorpus(): Promise<CorpusEntry[]> {
  return corpus.read();
}

/** Adds an entry unless one with the same text and samples is there already. */
export function addToCorpus(file: GeneratedFile, found: string, outcomes: readonly Outcome[]): Promise<boolean> {
  return corpus.add({ text: file.text, samples: file.samples, found, said: outcomes.map(describeOutcome) });
}

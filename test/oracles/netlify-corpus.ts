/**
 * The corpus of the generated Netlify suite (corpus/netlify.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal file and the samples that disagreed, with the seed that found it and what each side said
 * then. netlify.generated.test.ts replays every entry on every run; netlify-fuzz.ts adds new ones.
 */
import { fileURLToPath } from 'node:url';
import { CorpusFile } from './corpus-file.js';
import type { GeneratedFile } from './netlify-generator.js';
import { describeOutcome, type NetlifyOutcome } from './netlify-verdicts.js';

export const CORPUS_FILE = fileURLToPath(new URL('./corpus/netlify.json', import.meta.url));

export interface NetlifyCorpusEntry extends GeneratedFile {
  /** How it was found: the seed of the run (and the date). */
  found: string;
  /** What Netlify answered and hoplens predicted when it was found, one line a sample. */
  then: string[];
  /** Set while hoplens still disagrees: the class, as docs/oracles/netlify.md names it. */
  open?: string;
}

const corpus = new CorpusFile<NetlifyCorpusEntry>(CORPUS_FILE, (each) => [each.name, each.text, each.samples]);

export function readCorpus(): Promise<NetlifyCorpusEntry[]> {
  return corpus.read();
}

/** Adds an entry unless one with the same name, text and samples is there already. */
export function addToCorpus(file: GeneratedFile, found: string, outcomes: readonly NetlifyOutcome[]): Promise<boolean> {
  const { name, text, samples } = file;
  const then = outcomes.map(describeOutcome);
  return corpus.add({ name, text, samples, found, then });
}

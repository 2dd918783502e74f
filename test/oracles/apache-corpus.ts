/**
 * The corpus of the generated Apache suite (corpus/apache.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal site and the requests that disagreed, with the seed that found it and what each side said
 * then. The suite replays every entry on every run; apache-fuzz.ts adds new ones.
 */
import { fileURLToPath } from 'node:url';
import { describeOutcome, type Outcome } from './apache-batch.js';
import type { GeneratedSite } from './apache-generator.js';
import { CorpusFile } from './corpus-file.js';

export const CORPUS_FILE = fileURLToPath(new URL('./corpus/apache.json', import.meta.url));

export interface CorpusEntry extends GeneratedSite {
  /** How it was found: the seed of the run (and the date). */
  found: string;
  /** What httpd answered and hoplens predicted when it was found, one line a request. */
  then: string[];
  /** Set while hoplens still disagrees: the class, as docs/oracles/apache.md names it. */
  open?: string;
}

const corpus = new CorpusFile<CorpusEntry>(CORPUS_FILE, (each) => [each.placement, each.text, each.requests]);

export function readCorpus(): Promise<CorpusEntry[]> {
  return corpus.read();
}

/** Adds an entry unless one with the same placement, text and requests is there already. */
export function addToCorpus(site: GeneratedSite, found: string, outcomes: readonly Outcome[]): Promise<boolean> {
  const { placement, text, requests } = site;
  const then = outcomes.map(describeOutcome);
  return corpus.add({ placement, text, requests, found, then });
}

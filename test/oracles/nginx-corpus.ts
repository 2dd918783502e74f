/**
 * The corpus of the generated nginx suite (corpus/nginx.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal site and the requests that disagreed, with the seed that found it and what each side said
 * then. The suite replays every entry on every run; nginx-fuzz.ts adds new ones.
 */
import { fileURLToPath } from 'node:url';
import { CorpusFile } from './corpus-file.js';
import type { Outcome } from './nginx-batch.js';
import type { GeneratedSite } from './nginx-generator.js';

export const CORPUS_FILE = fileURLToPath(new URL('./corpus/nginx.json', import.meta.url));

export interface CorpusEntry extends GeneratedSite {
  /** How it was found: the seed of the run (and the date). */
  found: string;
  /** What nginx answered and hoplens predicted when it was found, one line a request. */
  then: string[];
  /** Set while hoplens still disagrees: the class, as docs/oracles/nginx.md names it. */
  open?: string;
}

const corpus = new CorpusFile<CorpusEntry>(CORPUS_FILE, (each) => [each.text, each.requests]);

export function readCorpus(): Promise<CorpusEntry[]> {
  return corpus.read();
}

/** Adds an entry unless one with the same text and requests is there already. */
export function addToCorpus(site: GeneratedSite, found: string, outcomes: readonly Outcome[]): Promise<boolean> {
  const then = outcomes.map(
    ({ request, answer, prediction }) =>
      `${request.host} ${request.path}: nginx ${JSON.stringify(answer)}, hoplens ${JSON.stringify(prediction)}`,
  );
  return corpus.add({ text: site.text, requests: site.requests, found, then });
}

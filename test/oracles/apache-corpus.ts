/**
 * The corpus of the generated Apache suite (corpus/apache.json): each disagreement the generator found, shrunk by
 * fast-check to a minimal site and the requests that disagreed, with the seed that found it and what each side said
 * then. The suite replays every entry on every run; apache-fuzz.ts adds new ones.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeOutcome, type Outcome } from './apache-batch.js';
import type { GeneratedSite } from './apache-generator.js';

export const CORPUS_FILE = fileURLToPath(new URL('./corpus/apache.json', import.meta.url));

export interface CorpusEntry extends GeneratedSite {
  /** How it was found: the seed of the run (and the date). */
  found: string;
  /** What httpd answered and hoplens predicted when it was found, one line a request. */
  then: string[];
  /** Set while hoplens still disagrees: the class, as docs/oracles/apache.md names it. */
  open?: string;
}

export async function readCorpus(): Promise<CorpusEntry[]> {
  try {
    return JSON.parse(await readFile(CORPUS_FILE, 'utf8')) as CorpusEntry[];
  } catch {
    return [];
  }
}

/** Adds an entry unless one with the same text and requests is there already. */
export async function addToCorpus(site: GeneratedSite, found: string, outcomes: readonly Outcome[]): Promise<boolean> {
  const corpus = await readCorpus();
  const key = (each: GeneratedSite) => JSON.stringify([each.placement, each.text, each.requests]);
  if (corpus.some((entry) => key(entry) === key(site))) return false;
  const then = outcomes.map(describeOutcome);
  corpus.push({ placement: site.placement, text: site.text, requests: site.requests, found, then });
  await writeFile(CORPUS_FILE, `${JSON.stringify(corpus, null, 2)}\n`);
  return true;
}

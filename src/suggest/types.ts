/** A page of either site: its URL and, when a crawl or a CSV gave it, its title. */
export interface SuggestPage {
  url: string;
  title?: string;
}

/** The proposal for one old URL: the new URL, how sure, and why in words. */
export interface Suggestion {
  source: string;
  target: string;
  /** Between 0 and 1; proposals below the threshold are not made. */
  confidence: number;
  /** What the match rests on, in words: `same slug; date folder dropped`. */
  reason: string;
}

export interface SuggestOptions {
  /** Confidence below which nothing is proposed (default {@link DEFAULT_THRESHOLD}). */
  threshold?: number;
}

/**
 * The default threshold: at it, the suggestion corpus (bench/suggest-corpus.ts) gives at least 95% precision and 80%
 * recall on every seed checked (BENCHMARKS.md says the figures).
 */
export const DEFAULT_THRESHOLD = 0.6;

import type { PreparedAnalysis } from '../core/index.js';

/** Prepares analyses of any URL under one set of options (the core's `analyzer.preparer`). */
export type Preparer = (url: string) => PreparedAnalysis;

/** How many distinct sets of options are kept; past it the set starts again (a client cycling options gains nothing). */
const MAX_OPTION_SETS = 256;

/**
 * The preparers of the options requests ask, kept by those options: validating the options, building the analysis's
 * settings and choosing its address policy was a visible share of each request's work (issue 33), and nearly every
 * request asks the same options as many before it (most ask none). A request's options are its query parameters
 * other than `url`, as they were parsed; a set that fails to validate is not kept, and fails again when asked again.
 */
export class AnalysisPreparers {
  private readonly byOptions = new Map<string, Preparer>();

  constructor(private readonly make: (query: Readonly<Record<string, unknown>>) => Preparer) {}

  /** The preparer for `query`'s options, made (and kept) on the first request that asks them. */
  for(query: Readonly<Record<string, unknown>>): Preparer {
    const key = optionsKey(query);
    const kept = this.byOptions.get(key);
    if (kept !== undefined) return kept;
    const made = this.make(query);
    if (this.byOptions.size >= MAX_OPTION_SETS) this.byOptions.clear();
    this.byOptions.set(key, made);
    return made;
  }
}

/** The query's parameters other than `url`, in their order, with their parsed values: equal options, equal keys. */
function optionsKey(query: Readonly<Record<string, unknown>>): string {
  let key = '';
  for (const name of Object.keys(query)) {
    if (name !== 'url') key += `${name}=${JSON.stringify(query[name])}&`;
  }
  return key;
}

/**
 * A variants run: every variant of a URL analysed under the caller's options (the variant's own User-Agent or method
 * in place of the caller's), and the grid of what each became: variant → chain → final URL.
 */
import {
  type AnalysisResult,
  type AnalyzeOptions,
  countRedirects,
  type Hop,
  isHoplensError,
  type RedirectVia,
} from '../core/index.js';
import { browserAfter } from './browser-memory.js';
import { type Variant, variantsOf } from './variant-list.js';

/** One row of the grid. */
export interface VariantRow {
  readonly variant: string;
  readonly kind: Variant['kind'];
  readonly change: string;
  readonly url: string;
  readonly method: Variant['method'];
  readonly userAgent?: string;
  /**
   * Each hop's URL and status, in order (the hops completed before an error, for one that failed), with its time and
   * whether it redirects permanently or temporarily: what the page's chain drawing needs.
   */
  readonly chain: readonly VariantHop[];
  /** The last hop's URL, or undefined when the analysis failed. */
  readonly finalUrl?: string;
  readonly finalStatus?: number;
  /** Redirects followed (hops but the last). */
  readonly redirects: number;
  /** The error that ended the analysis, when one did. */
  readonly error?: { code: string; message: string };
  /** Whether a finding names this variant (the page and the table highlight it). */
  odd: boolean;
}

/** A hop of a variant's chain. */
export interface VariantHop {
  readonly url: string;
  readonly status: number;
  readonly responseTime: number;
  readonly redirectType?: 'permanent' | 'temporary';
  /** How it led to the next hop, when it did: `hsts` is the returning browser's own upgrade (nothing was sent). */
  readonly redirectVia?: RedirectVia;
}

function hopOf(hop: Hop): VariantHop {
  const { url, status, responseTime, redirectType, redirectVia } = hop;
  return {
    url,
    status,
    responseTime,
    ...(redirectType === undefined ? {} : { redirectType }),
    ...(redirectVia === undefined ? {} : { redirectVia }),
  };
}

/** What analyses one URL: the core's `analyze`, or an analyzer's. */
export type AnalyzeFn = (url: string, options: AnalyzeOptions) => Promise<AnalysisResult>;

type Outcome = PromiseSettledResult<AnalysisResult>;

function rowOf(variant: Variant, outcome: Outcome): VariantRow {
  const base = {
    variant: variant.id,
    kind: variant.kind,
    change: variant.change,
    url: variant.url,
    method: variant.method,
    ...(variant.userAgent === undefined ? {} : { userAgent: variant.userAgent }),
    odd: false,
  };
  if (outcome.status === 'fulfilled') {
    const chain = outcome.value.chain.map(hopOf);
    const last = chain[chain.length - 1];
    return {
      ...base,
      chain,
      redirects: countRedirects(outcome.value.chain),
      ...(last === undefined ? {} : { finalUrl: last.url, finalStatus: last.status }),
    };
  }
  const error: unknown = outcome.reason;
  if (!isHoplensError(error)) throw error;
  const chain = error.chain.map(hopOf);
  return {
    ...base,
    chain,
    redirects: countRedirects(error.chain),
    error: { code: error.code, message: error.message },
  };
}

/** The variants of the URL, as many as {@link variantsOf} makes; how many analyses a run of `url` costs. */
export function variantCount(url: string): number {
  return variantsOf(new URL(url)).length;
}

/** The variant's own options: the caller's, with the variant's method, User-Agent and explicit port. */
function ownOptions(variant: Variant, options: AnalyzeOptions): AnalyzeOptions {
  const own: AnalyzeOptions = { ...options, method: variant.method };
  if (variant.userAgent !== undefined) own.userAgent = variant.userAgent;
  if (variant.explicitPort === true) own.explicitPort = true;
  return own;
}

function settle(analyze: AnalyzeFn, variant: Variant, own: AnalyzeOptions): Promise<Outcome> {
  return analyze(variant.url, own).then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/**
 * Analyses every variant of `url` (at most `concurrency` at once) and returns the grid, the URL as given first. A
 * variant's failure is its row's `error`; an error that is not an analysis's (a bug) rejects. The returning browser's
 * variants (`as-browser`) wait for the others: what they know is the HSTS the others heard (browser-memory.ts).
 */
export async function variantGrid(
  url: string,
  analyze: AnalyzeFn,
  options: AnalyzeOptions = {},
  concurrency = 4,
): Promise<VariantRow[]> {
  const variants = variantsOf(new URL(url));
  const outcomes: Outcome[] = new Array(variants.length);
  const first = variants.flatMap((variant, index) => (variant.asBrowser === true ? [] : [index]));
  let next = 0;
  const worker = async () => {
    while (next < first.length) {
      const index = first[next++]!;
      outcomes[index] = await settle(analyze, variants[index]!, ownOptions(variants[index]!, options));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, first.length) }, worker));
  for (const [index, variant] of variants.entries()) {
    if (variant.asBrowser !== true) continue;
    const hstsStore = browserAfter(outcomes.slice(0, index));
    outcomes[index] = await settle(analyze, variant, { ...ownOptions(variant, options), asBrowser: true, hstsStore });
  }
  return variants.map((variant, index) => rowOf(variant, outcomes[index]!));
}

import { declaredCanonicals } from '../canonical.js';
import type { PageSignals } from '../html/page-signals.js';
import { indexableLanding } from '../indexable-landing.js';
import { countRedirects } from '../portable/redirect-count.js';
import type { StopReason } from '../trace.js';
import type { Hop } from '../types.js';
import type { FinishedChain } from './finished-chain.js';

/** A chain with the facts already made for it, if any (a detector's input is one). */
type FactsInput = FinishedChain & { readonly facts?: ChainFacts };

/** The page a chain lands on, when it can be indexed (src/core/indexable-landing.ts). */
export type Landing = { readonly hop: Hop; readonly index: number };

/**
 * What several detectors ask of a finished chain, each computed on first use and kept: every hop's parsed URL, the
 * redirect count, the landing page, the canonical URLs it declares. `detectIssues` makes one per analysis, so 27
 * detectors parse each URL at most once between them. Read-only: a detector must not change the URLs it is given.
 */
export class ChainFacts {
  private readonly chain: readonly Hop[];
  private readonly stop: StopReason;
  private readonly signals: PageSignals | undefined;
  private readonly urls: (URL | undefined)[] = [];
  private redirects = -1;
  private landingKnown = false;
  private landingPage: Landing | undefined;
  private declared: readonly string[] | undefined;

  constructor(chain: readonly Hop[], stop: StopReason, finalSignals: PageSignals | undefined) {
    this.chain = chain;
    this.stop = stop;
    this.signals = finalSignals;
  }

  /** Hop `index`'s URL, parsed (a hop's URL is one the WHATWG parser wrote, so it parses). */
  url(index: number): URL {
    let url = this.urls[index];
    if (url === undefined) {
      url = new URL(this.chain[index]!.url);
      this.urls[index] = url;
    }
    return url;
  }

  /** How many hops redirected, followed or not (src/core/portable/redirect-count.ts). */
  get redirectCount(): number {
    if (this.redirects === -1) this.redirects = countRedirects(this.chain);
    return this.redirects;
  }

  /** The last hop and its index when the chain completed on a 2xx page; undefined otherwise. */
  get landing(): Landing | undefined {
    if (!this.landingKnown) {
      this.landingPage = indexableLanding({ chain: this.chain, stop: this.stop });
      this.landingKnown = true;
    }
    return this.landingPage;
  }

  /** The different canonical URLs the landing page declares (src/core/canonical.ts `declaredCanonicals`). */
  get canonicals(): readonly string[] {
    this.declared ??= declaredCanonicals({ chain: this.chain, stop: this.stop, finalSignals: this.signals });
    return this.declared;
  }

  /** The one canonical URL the landing page declares; undefined for none or a conflict. */
  get canonical(): string | undefined {
    const canonicals = this.canonicals;
    return canonicals.length === 1 ? canonicals[0] : undefined;
  }
}

// The input `withSharedFacts` is running detectors on, and the facts it made for it. Not a copy of the input with
// `facts` added: spreading an object of a dozen keys into a literal with one more took 2 µs (V8's slow path), a
// WeakMap entry 1 µs, against 0.1 µs for the facts themselves.
let sharedInput: FactsInput | undefined;
let sharedFacts: ChainFacts | undefined;

/**
 * Runs `run` (which runs detectors on `input`) so that every `factsOf(input)` within it returns one set of facts: the
 * input's own `facts` when given, else one made here for the time of the call.
 */
export function withSharedFacts<T>(input: FactsInput, run: () => T): T {
  if (input.facts !== undefined) return run();
  const outerInput = sharedInput;
  const outerFacts = sharedFacts;
  sharedInput = input;
  sharedFacts = new ChainFacts(input.chain, input.stop, input.finalSignals);
  try {
    return run();
  } finally {
    sharedInput = outerInput;
    sharedFacts = outerFacts;
  }
}

/**
 * The input's shared facts: its own `facts`, else the ones `detectIssues` made for it, else a fresh set for this one
 * detector (a detector called on its own, as a test or a library user may call it).
 */
export function factsOf(input: FactsInput): ChainFacts {
  if (input.facts !== undefined) return input.facts;
  if (input === sharedInput) return sharedFacts!;
  return new ChainFacts(input.chain, input.stop, input.finalSignals);
}

import type { Dispatcher } from 'undici';
import type { AddressBook, AddressPolicy } from './address/index.js';
import type { CertificateVerdicts } from './connection/certificate-verdicts.js';
import type { HstsStore } from './hsts/hsts-store.js';
import type { PageRenderer } from './page-renderer.js';

/** What tracing needs besides the options: the pool to send through, the policy it enforces, the caller's abort. */
export interface TraceContext {
  dispatcher: Dispatcher;
  policy: AddressPolicy;
  /** Aborts the trace (the caller went away, a deadline of the caller's). */
  signal?: AbortSignal | undefined;
  /** Renders pages when `options.render` asks for it. */
  renderer?: PageRenderer | undefined;
  /** A pool for one render's requests, held to the analysis's addresses (`book`); destroyed after the render. */
  renderPool?: (() => Dispatcher) | undefined;
  /**
   * The address each name of this analysis is held to, once a hop was answered from it: later hops to the name go
   * there or fail (src/core/address/book.ts). Absent, hops go wherever the pool connects.
   */
  book?: AddressBook | undefined;
  /**
   * Where the pool's open connections for a name went (src/core/address/held-names.ts): a hop held to that address can take
   * them; one held elsewhere goes to its address directly.
   */
  openAt?: ((hostname: string) => string | undefined) | undefined;
  /** With `tls: 'report'`: the verdicts on the certificates of the pool's connections. */
  verdicts?: CertificateVerdicts | undefined;
  /** With `asBrowser`: the Known HSTS Hosts a plain-HTTP hop is upgraded by, and each hop's header recorded into. */
  hsts?: HstsStore | undefined;
  /** The clock certificates' days left are counted from, in epoch ms (default `Date.now`). */
  now?: (() => number) | undefined;
}

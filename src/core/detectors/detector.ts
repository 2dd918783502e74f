import type { ClientRedirect } from '../client-redirect.js';
import type { JudgementThresholds } from '../policy/judgement-defaults.js';
import type { RobotsVerdict } from '../robots/index.js';
import type { CertificateProblem, TraceOutcome } from '../trace.js';
import type { Issue } from '../types.js';
import type { ChainFacts } from './chain-facts.js';
import type { FinishedChain } from './finished-chain.js';

/** What a detector looks at: the finished chain, why it stopped, and the head of the final page if read. */
export interface DetectorInput extends FinishedChain {
  /** The client redirects the chain's pages declare, followed or not (absent: none). */
  readonly clientRedirects?: readonly ClientRedirect[];
  /** With `tls: 'report'`: the hops made despite their certificate, and why (absent: none). */
  readonly certificateProblems?: readonly CertificateProblem[];
  /** With `robots: true`: why the final URL's robots.txt keeps the analysis's crawler out (absent: it does not). */
  readonly robots?: RobotsVerdict;
  /** The product token of the crawler the destination is judged for (absent: `Googlebot`, the `crawler` default). */
  readonly crawler?: string;
  /** The time the page is judged at, epoch ms (an `unavailable_after` date past it is out of search); absent: now. */
  readonly now?: number;
  /**
   * The site (registrable domain) a host belongs to, for detectors that tell one site from another; absent: each host
   * is its own site. The analyzer gives src/core/site-of.ts's when the chain crosses hosts.
   */
  readonly siteOf?: (hostname: string) => string;
  /** The numbers to judge by (absent: `JUDGEMENT_DEFAULTS`, src/core/policy/judgement-defaults.ts). */
  readonly thresholds?: JudgementThresholds;
  /**
   * The NS records of the host the chain ended on (src/core/parking/name-servers.ts), when they were looked up: a
   * domain delegated to a parking service is parked. Absent: not looked up.
   */
  readonly nameServers?: readonly string[] | undefined;
  /** With `render`: the render asked for that did not finish, and why (absent: none, or it finished). */
  readonly renderIncomplete?: TraceOutcome['renderIncomplete'];
  /**
   * What several detectors need of this chain (parsed URLs, the redirect count, the landing page, its canonicals),
   * computed once for all of them (src/core/detectors/chain-facts.ts); read it through `factsOf`. Absent: `detectIssues`
   * makes it. When given, it must be of this input's chain, stop and final signals.
   */
  readonly facts?: ChainFacts;
}

/** What a detector reports: an issue without its help page, which `detectIssues` attaches from one table. */
export type Finding = Omit<Issue, 'help'>;

/** A pure function from a finished trace to the findings of one kind. */
export type Detector = (input: DetectorInput) => Finding[];

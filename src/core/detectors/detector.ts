import type { ClientRedirect } from '../client-redirect.js';
import type { DetectorThresholds } from '../detector-thresholds.js';
import type { RobotsVerdict } from '../robots-file.js';
import type { CertificateProblem, StopReason } from '../trace.js';
import type { Hop, Issue } from '../types.js';

/** What a detector looks at: the finished chain, why it stopped, and the head of the final page if read. */
export interface DetectorInput {
  readonly chain: readonly Hop[];
  readonly stop: StopReason;
  readonly finalBody?: string;
  /** The client redirects the chain's pages declare, followed or not (absent: none). */
  readonly clientRedirects?: readonly ClientRedirect[];
  /** With `tls: 'report'`: the hops made despite their certificate, and why (absent: none). */
  readonly certificateProblems?: readonly CertificateProblem[];
  /** With `robots: true`: why the final URL's robots.txt keeps the analysis's crawler out (absent: it does not). */
  readonly robots?: RobotsVerdict;
  /** The numbers to judge by (absent: `THRESHOLD_DEFAULTS`, src/core/detector-thresholds.ts). */
  readonly thresholds?: DetectorThresholds;
}

/** A pure function from a finished trace to the issues of one kind it finds. */
export type Detector = (input: DetectorInput) => Issue[];

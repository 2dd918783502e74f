import type { Detector } from './detector.js';

/**
 * A hop made over a connection whose certificate did not verify (only with `tls: 'report'`; without it the hop fails
 * with `TLS_ERROR`). One issue per such hop, naming the problem in words.
 */
export const tlsInvalid: Detector = ({ chain, certificateProblems = [] }) =>
  certificateProblems.map((problem) => ({
    type: 'tls_invalid' as const,
    severity: 'error' as const,
    message: `The certificate of ${chain[problem.hop]?.url ?? `hop ${problem.hop}`} is not valid: ${problem.words}`,
    hop: problem.hop,
  }));

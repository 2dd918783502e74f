import type { Network } from './address/index.js';
import type { AnalyzeOptions } from './types.js';

/** The options a public posture fixes. */
export type PostureOptions = Required<Pick<AnalyzeOptions, 'blockPrivate' | 'allowNetworks' | 'tls'>>;

/**
 * The options every analysis of a service open to strangers runs under, whatever the caller asked (`/api/analyze`
 * and the monitors alike, SECURITY.md): destinations outside public address space refused but for the operator's
 * `allowNetworks`, since the URLs are the caller's choice and the addresses the service's; and certificates verified,
 * since the service vouches for what it reports and never makes a hop over one that does not verify. Spread last, so
 * that nothing a caller sends can override it.
 */
export function publicPosture(allowNetworks: readonly Network[]): PostureOptions {
  return { blockPrivate: true, allowNetworks, tls: 'verify' };
}

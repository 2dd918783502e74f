import { getDomain } from 'tldts';

/**
 * The site a host belongs to: its registrable domain under the public suffix list, private suffixes included
 * (`one.github.io` and `two.github.io` are two sites), or the host itself (an IP address, localhost). The suffix list
 * takes a while to load, so the analyzer imports this file only for a chain that crosses hosts (src/core/analyzer.ts).
 */
export function siteOf(hostname: string): string {
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

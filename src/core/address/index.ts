/**
 * The address guard that keeps hoplens from being a way into private networks (SSRF): the address policy and its
 * words for people, the resolvers (the system's, and one pinned per analysis as a browser's DNS cache is), the names
 * an analysis holds to one address, and the connector that opens every connection only to an address the policy allows.
 */
export { AddressBook, originAt } from './book.js';
export {
  createGuardedConnector,
  createGuardedLookup,
  type GuardedConnectorOptions,
  legacyTls,
} from './guarded-connector.js';
export { HeldNames } from './held-names.js';
export { pinnedResolver } from './pinned-resolver.js';
export {
  AddressPolicy,
  type AddressPolicyOptions,
  type AddressVerdict,
  classifyAddress,
  isLocalhostName,
  type Network,
  parseIp,
  parseNetworks,
  policyKey,
} from './policy.js';
export { systemResolver } from './resolver.js';
export { describeAddress, RANGE_PHRASES, rangePhrase } from './words.js';

/*
 * Parked, for-sale and expired domains (issue 46): a chain that reaches a parking service's lander, a marketplace's
 * for-sale page or a registrar's expiry notice answers 200 where the site used to be. The `parked_domain` detector
 * reads the chain's URLs, the final page and the final host's NS records through these rules.
 */
export { type DeclaredRedirect, findParked, type ParkedFinding } from './find-parked.js';
export { NameServerCheck } from './name-server-check.js';
export { delegatedName, type NameServerLookup, systemNameServers } from './name-servers.js';
export {
  PARKING_SERVICE_NAMES,
  PARKING_SERVICES,
  type ParkedSignal,
  type ParkingKind,
  type ParkingService,
} from './parked-signal.js';

import { onHost } from './landing-rules.js';
import type { ParkedSignal, ParkingKind, ParkingService } from './parked-signal.js';

/**
 * Name servers that only parking, for-sale and expiry services run: a domain delegated to one shows that service's
 * page. Sources: the services' own set-up instructions (Sedo's `ns1/ns2.sedoparking.com`, Bodis's `ns1/ns2.bodis.com`,
 * ParkingCrew's `ns1/ns2.parkingcrew.net`, Above.com's `ns1/ns2.above.com`), the rest observed on their landers.
 * Registrars' and hosts' ordinary name servers are not here even when they also serve a parked page for new domains
 * (GoDaddy's domaincontrol.com, Namecheap's registrar-servers.com, Hostinger's dns-parking.com, IONOS's ui-dns,
 * Porkbun's, Gandi's, Spaceship's): most domains on them are live sites.
 */
const PARKING_NAME_SERVERS: readonly (readonly [suffix: string, ParkingService, ParkingKind])[] = [
  ['sedoparking.com', 'sedo', 'parking'],
  ['bodis.com', 'bodis', 'parking'],
  ['parkingcrew.net', 'parkingcrew', 'parking'],
  ['above.com', 'above', 'parking'],
  ['abovedomains.com', 'above', 'parking'],
  ['cashparking.com', 'godaddy', 'parking'],
  ['afternic.com', 'afternic', 'for-sale'],
  ['namefind.com', 'afternic', 'for-sale'],
  ['dan.com', 'dan', 'for-sale'],
  ['undeveloped.com', 'undeveloped', 'for-sale'],
  ['uniregistrymarket.link', 'uniregistry', 'for-sale'],
  ['expired.uniregistry-dns.com', 'uniregistry', 'expired'],
  ['eftydns.com', 'efty', 'for-sale'],
  ['squadhelp.com', 'atom', 'for-sale'],
  ['brandbucket.com', 'brandbucket', 'for-sale'],
  ['domainmarket.com', 'domainmarket', 'for-sale'],
  ['domain-is-4-sale-at-domainmarket.com', 'domainmarket', 'for-sale'],
  ['parklogic.com', 'parklogic', 'parking'],
  ['dsredirection.com', 'domainsponsor', 'parking'],
  ['expired-domain-ns1.fabulous.com', 'fabulous', 'expired'],
  ['expired-domain-ns2.fabulous.com', 'fabulous', 'expired'],
  ['renewyourname.net', 'tucows', 'expired'],
  ['expirationwarning.net', 'generic', 'expired'],
];

/** The first of a domain's name servers that only a parking service runs, as a signal. */
export function nameServerSignal(servers: readonly string[]): ParkedSignal | undefined {
  for (const server of servers) {
    const name = server.toLowerCase().replace(/\.$/, '');
    for (const [suffix, service, kind] of PARKING_NAME_SERVERS) {
      if (onHost(name, suffix)) return { service, kind, signal: `NS ${name}` };
    }
  }
  return undefined;
}

import type { ParkedSignal, ParkingKind, ParkingService } from './parked-signal.js';

/**
 * A marketplace's page for one domain, by host and path: where a for-sale domain sends its visitors. A marketplace's
 * other pages (its home, help, blog, login) are ordinary: only these paths name one domain on sale.
 */
interface Landing {
  /** The host, or a suffix of it after a dot (`hugedomains.com` is `www.hugedomains.com` too). */
  readonly host: string;
  /** The path's start (lower-case), or a pattern of it. */
  readonly path: string | RegExp;
  readonly service: ParkingService;
  readonly kind: ParkingKind;
}

const FOR_SALE = 'for-sale';

/**
 * The landers, each after the service's own URL as its for-sale pages link it (observed on the services' landers; the
 * labelled corpus test/fixtures/parked-domains/ names each source).
 */
const LANDINGS: readonly Landing[] = [
  { host: 'sedo.com', path: /^\/(?:[a-z]{2}\/)?search\/details\/?$/, service: 'sedo', kind: FOR_SALE },
  { host: 'hugedomains.com', path: '/domain_profile.cfm', service: 'hugedomains', kind: FOR_SALE },
  { host: 'afternic.com', path: '/forsale/', service: 'afternic', kind: FOR_SALE },
  { host: 'godaddy.com', path: '/forsale/', service: 'godaddy', kind: FOR_SALE },
  { host: 'dan.com', path: /^\/(?:[a-z]{2}\/)?buy-domain\//, service: 'dan', kind: FOR_SALE },
  { host: 'epik.com', path: '/marketplace/domain/', service: 'epik', kind: FOR_SALE },
  { host: 'atom.com', path: '/name/', service: 'atom', kind: FOR_SALE },
  { host: 'squadhelp.com', path: '/name/', service: 'atom', kind: FOR_SALE },
  { host: 'buydomains.com', path: '/lander/', service: 'buydomains', kind: FOR_SALE },
  { host: 'domainmarket.com', path: '/buynow/', service: 'domainmarket', kind: FOR_SALE },
  { host: 'brandbucket.com', path: '/names/', service: 'brandbucket', kind: FOR_SALE },
  { host: 'undeveloped.com', path: '/buy-domain/', service: 'undeveloped', kind: FOR_SALE },
  { host: 'efty.com', path: '/buy/', service: 'efty', kind: FOR_SALE },
  { host: 'uniregistry.com', path: '/market/domain/', service: 'uniregistry', kind: FOR_SALE },
  { host: 'namecheap.com', path: '/market/buynow/', service: 'namecheap', kind: FOR_SALE },
  { host: 'porkbun.com', path: '/marketplace/details/', service: 'porkbun', kind: FOR_SALE },
  { host: 'flippa.com', path: '/domains/', service: 'flippa', kind: FOR_SALE },
];

/** Whether `hostname` is `host` or a name under it. */
export function onHost(hostname: string, host: string): boolean {
  return hostname === host || hostname.endsWith(`.${host}`);
}

function pathMatches(pathname: string, path: string | RegExp): boolean {
  return typeof path === 'string' ? pathname.startsWith(path) : path.test(pathname);
}

/**
 * A hop's URL as a parking or for-sale signal: a marketplace's page for one domain, or Bodis's lander host (`ww25.`
 * and the like, with the `subid1` it tracks the visit by; observed). Undefined for any other URL.
 */
export function landingSignal(href: string): ParkedSignal | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const hostname = url.hostname.toLowerCase();
  const pathname = url.pathname.toLowerCase();
  for (const landing of LANDINGS) {
    if (onHost(hostname, landing.host) && pathMatches(pathname, landing.path)) {
      const { service, kind } = landing;
      const shown = typeof landing.path === 'string' ? landing.path : pathname.replace(/^(\/[^/]*\/[^/]*\/).*$/, '$1');
      return { service, kind, signal: `a ${landing.host}${shown} page` };
    }
  }
  if (/^ww\d+\./.test(hostname) && url.searchParams.has('subid1')) {
    return {
      service: 'bodis',
      kind: 'parking',
      signal: `${hostname.slice(0, hostname.indexOf('.'))}. lander with subid1`,
    };
  }
  return undefined;
}

import { onHost } from './landing-rules.js';
import type { ParkedSignal, ParkingKind, ParkingService } from './parked-signal.js';

/**
 * Scripts, stylesheets and images only parking and for-sale landers load: a page that loads one is the service's
 * lander, whatever its words (observed on the landers; test/fixtures/parked-domains/ names each source). A link to
 * the service (`<a href>`) is not one: articles, help pages and registrars link to marketplaces.
 */
const RESOURCES: readonly (readonly [host: string, path: string, ParkingService, ParkingKind])[] = [
  ['sedoparking.com', '/', 'sedo', 'parking'],
  ['parkingcrew.net', '/', 'parkingcrew', 'parking'],
  ['abovedomains.com', '/', 'above', 'parking'],
  ['img1.wsimg.com', '/parking-lander/', 'godaddy', 'parking'],
  ['img1.wsimg.com', '/cashparking/', 'godaddy', 'parking'],
  ['img1.wsimg.com', '/afternic/forsale/', 'afternic', 'for-sale'],
  ['parkingpage.namecheap.com', '/', 'namecheap', 'parking'],
  ['porkbun.com', '/css/parked', 'porkbun', 'parking'],
  ['uniregistrymarket.link', '/', 'uniregistry', 'for-sale'],
  ['efty.com', '/css/lander/', 'efty', 'for-sale'],
  ['epik.com', '/css/forsale', 'epik', 'for-sale'],
  ['buydomains.com', '/static/css/lander', 'buydomains', 'for-sale'],
  ['undeveloped.com', '/css/lander', 'undeveloped', 'for-sale'],
  ['dan.com', '/build/lander', 'dan', 'for-sale'],
  ['dan.com', '/build/buy-domain', 'dan', 'for-sale'],
  ['hugedomains.com', '/css/hd-profile', 'hugedomains', 'for-sale'],
  ['forsale.spaceship-cdn.com', '/', 'spaceship', 'for-sale'],
  ['hostinger.com', '/parking/', 'hostinger', 'parking'],
  ['pltraffic8.com', '/', 'parklogic', 'parking'],
  // Google's AdSense for domains, the ad feed of parked pages (its search ads load /adsense/search/ instead).
  ['www.google.com', '/adsense/domains/', 'generic', 'parking'],
];

/**
 * Hosts that only serve domain marketplaces and parking services: any script, stylesheet or image a page on another
 * site loads from one makes it their lander (a site does not take its look from a marketplace). Their own pages (home,
 * help, blog) load them too, and are not landers: the page's own site is left out.
 */
const LANDER_HOSTS: readonly (readonly [host: string, ParkingService, ParkingKind])[] = [
  ['sedo.com', 'sedo', 'for-sale'],
  ['bodis.com', 'bodis', 'parking'],
  ['hugedomains.com', 'hugedomains', 'for-sale'],
  ['afternic.com', 'afternic', 'for-sale'],
  ['dan.com', 'dan', 'for-sale'],
  ['efty.com', 'efty', 'for-sale'],
  ['epik.com', 'epik', 'for-sale'],
  ['buydomains.com', 'buydomains', 'for-sale'],
  ['undeveloped.com', 'undeveloped', 'for-sale'],
  ['atom.com', 'atom', 'for-sale'],
  ['squadhelp.com', 'atom', 'for-sale'],
  ['domainmarket.com', 'domainmarket', 'for-sale'],
  ['brandbucket.com', 'brandbucket', 'for-sale'],
];

/** What a page loads: each element's name and its `src` (or a `<link>`'s `href`). */
const LOADED = /<(script|link|img|iframe|source|embed)\b[^>]*?\b(?:src|href)\s*=\s*["']?([^"'\s>]+)/gi;

/**
 * The first resource of a page, resolved against its URL, that only a lander loads: one of {@link RESOURCES}, or a
 * script or stylesheet from one of {@link LANDER_HOSTS} (an image may be an article's logo of the marketplace).
 */
export function resourceSignal(html: string, base: URL): ParkedSignal | undefined {
  for (const [, element, raw] of html.matchAll(LOADED)) {
    const loaded = /^(?:https?:)?\/\//i.test(raw ?? '') ? loadedUrl(raw ?? '', base) : undefined;
    if (loaded === undefined) continue;
    const code = element?.toLowerCase() === 'script' || element?.toLowerCase() === 'link';
    const found = loadedSignal(loaded, base, code);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What loading `loaded` on the page at `base` says, if anything; `code`: it is a script or a stylesheet. */
function loadedSignal(loaded: URL, base: URL, code: boolean): ParkedSignal | undefined {
  for (const [suffix, path, service, kind] of RESOURCES) {
    if (onHost(loaded.hostname, suffix) && loaded.pathname.toLowerCase().startsWith(path)) {
      return { service, kind, signal: `loads ${loaded.hostname}${path === '/' ? '' : path}` };
    }
  }
  if (!code) return undefined;
  for (const [suffix, service, kind] of LANDER_HOSTS) {
    if (onHost(loaded.hostname, suffix) && !onHost(base.hostname.toLowerCase(), suffix)) {
      return { service, kind, signal: `loads ${loaded.hostname}${loaded.pathname}` };
    }
  }
  return undefined;
}

function loadedUrl(raw: string, base: URL): URL | undefined {
  try {
    return new URL(raw.replace(/&amp;/g, '&'), base);
  } catch {
    return undefined;
  }
}

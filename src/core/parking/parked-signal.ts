/**
 * The parking and domain-marketplace services whose pages hoplens recognises (issue 46), and `generic` for a page
 * that says it is parked or for sale in words no service owns.
 */
export const PARKING_SERVICES = [
  'sedo',
  'bodis',
  'parkingcrew',
  'above',
  'afternic',
  'godaddy',
  'dan',
  'hugedomains',
  'namecheap',
  'porkbun',
  'uniregistry',
  'epik',
  'efty',
  'atom',
  'buydomains',
  'undeveloped',
  'domainmarket',
  'brandbucket',
  'flippa',
  'spaceship',
  'hostinger',
  'ionos',
  'parklogic',
  'domainsponsor',
  'fabulous',
  'tucows',
  'generic',
] as const;
export type ParkingService = (typeof PARKING_SERVICES)[number];

/** Each service as people name it. */
export const PARKING_SERVICE_NAMES: Readonly<Record<ParkingService, string>> = Object.freeze({
  sedo: 'Sedo',
  bodis: 'Bodis',
  parkingcrew: 'ParkingCrew',
  above: 'Above.com',
  afternic: 'Afternic',
  godaddy: 'GoDaddy',
  dan: 'Dan.com',
  hugedomains: 'HugeDomains',
  namecheap: 'Namecheap',
  porkbun: 'Porkbun',
  uniregistry: 'Uniregistry',
  epik: 'Epik',
  efty: 'Efty',
  atom: 'Atom',
  buydomains: 'BuyDomains',
  undeveloped: 'Undeveloped',
  domainmarket: 'DomainMarket',
  brandbucket: 'BrandBucket',
  flippa: 'Flippa',
  spaceship: 'Spaceship',
  hostinger: 'Hostinger',
  ionos: 'IONOS',
  parklogic: 'ParkLogic',
  domainsponsor: 'DomainSponsor',
  fabulous: 'Fabulous',
  tucows: 'Tucows',
  generic: 'a parking page',
});

/**
 * What a parked domain answers with: a lander of sponsored links (`parking`), an offer to sell the domain
 * (`for-sale`), or a registrar's notice that it lapsed (`expired`).
 */
export type ParkingKind = 'parking' | 'for-sale' | 'expired';

/** A sign that a chain reached a parked, for-sale or expired domain, and what gave it away. */
export interface ParkedSignal {
  service: ParkingService;
  kind: ParkingKind;
  /** The signal as a person can check it (`script from img.sedoparking.com`, `NS ns1.bodis.com`). */
  signal: string;
}

import type { ParkedSignal, ParkingKind, ParkingService } from './parked-signal.js';

/** A page's words, as the rules read them: its title, its first heading and its visible text, lower-cased. */
export interface PageWords {
  readonly title: string;
  readonly heading: string;
  readonly text: string;
}

/**
 * What landers say of the domain they are on, in the languages the services serve. Each phrase speaks of "this
 * domain" (or of the domain by name, checked apart): pages about parking, articles about domains and shops selling
 * other things say "for sale" and "parked" of something else.
 */
const PHRASES: readonly (readonly [RegExp, ParkingKind, ParkingService?])[] = [
  [/\b(?:this|the) domain(?: name)? (?:is|may be|might be|could be) (?:for sale|available for purchase)/, 'for-sale'],
  [/\bthe owner of this domain is open to offers\b/, 'for-sale'],
  [/\b(?:buy|get|acquire|purchase|inquire about|make an offer on|make an offer for) this domain\b/, 'for-sale'],
  [/\bthis domain (?:name )?has (?:recently )?expired\b/, 'expired'],
  [/\bthis domain (?:name )?is parked\b|\bis parked (?:free|on)\b|\bparked as unused\b/, 'parking'],
  [/\bthis domain was recently registered at\b/, 'parking'],
  // The disclaimer under a lander's sponsored links (Sedo's: "Domain owner and Sedo maintain no relationship with
  // third party advertisers"; others alike).
  [/\bdomain owner\b[^.]{0,80}\bmaintains? (?:any|no) relationship with\b[^.]{0,30}\badvertisers\b/, 'parking'],
  [/\bdiese domain steht zum verkauf/, 'for-sale'],
  [/\bdiese domain ist abgelaufen/, 'expired'],
  [/\b(?:este|el) dominio (?:está|esta) en venta\b/, 'for-sale'],
  [/\bce (?:nom de )?domaine est à vendre/, 'for-sale'],
  [/\bce (?:nom de )?domaine a été réservé .{0,60}parqué/, 'parking'],
  [/\b(?:questo|il) dominio (?:è|e) in vendita\b/, 'for-sale'],
  [/\bil dominio\b.{0,80}\bè scaduto\b|\bdominio scaduto\b/, 'expired'],
  [/\beste domínio (?:está|esta) à venda\b/, 'for-sale'],
  [/\b(?:este|o) domínio (?:expirou|está expirado)\b/, 'expired'],
  [/\b(?:deze domeinnaam|dit domein|deze domein) is te koop\b/, 'for-sale'],
  [/\b(?:deze domeinnaam|dit domein) is verlopen\b/, 'expired'],
  [/\b(?:ta )?domena (?:jest )?na sprzedaż/, 'for-sale'],
  [/\b(?:ta )?domena wygasła/, 'expired'],
  [/(?:этот )?домен прода[её]тся|домен выставлен на продажу/, 'for-sale'],
  [/срок регистрации (?:этого )?домена ист[её]к/, 'expired'],
  [/이 도메인은 판매\s?중/, 'for-sale'],
  [/\b(?:este|el) dominio (?:ha )?(?:expirado|caducado)\b/, 'expired'],
  [/\bce (?:nom de )?domaine (?:a|est) expiré/, 'expired'],
  [/このドメインは販売中/, 'for-sale'],
  [/このドメインは有効期限が切れています/, 'expired'],
  [/该域名正在出售/, 'for-sale'],
  [/该域名已过期/, 'expired'],
  [/\bregistered via ionos and is not yet connected\b|\bim kundenauftrag registriert\b/, 'parking', 'ionos'],
];

/** What a title or heading says of the domain it names: `example.com is for sale`, `example.com - expired`. */
const NAMED: readonly (readonly [RegExp, ParkingKind])[] = [
  [
    /(?:\bis|-|–|\|) (?:for sale|available)\b|\bsteht zum verkauf\b|\best(?:á|a) en venta\b|\best à vendre\b/,
    'for-sale',
  ],
  [/(?:\bhas|-|–|—|\|) expired\b|\babgelaufen\b|\bscaduto\b|\bverlopen\b/, 'expired'],
  [/\bparked domain\b|\bis parked\b/, 'parking'],
];

/** A quoted span of a sentence's length, in the quotation marks of the languages above. */
const QUOTED = /["“„«][^"“”„«»]{1,120}["”“»]/g;

/** Fewer visible characters than this make a page a lander's size: a site's own page says more. */
const LANDER_TEXT = 1200;

/**
 * The generic rule, kept narrow: a short page (a lander's size) that names its own domain in its title or first
 * heading and says of it, there or in its text, that it is for sale, expired or parked. `domain` is the page's host
 * without `www.`.
 */
export function wordsSignal(words: PageWords, domain: string): ParkedSignal | undefined {
  if (words.text.length > LANDER_TEXT) return undefined;
  const naming = [words.title, words.heading].filter((line) => line.includes(domain));
  if (naming.length === 0) return undefined;
  for (const line of naming) {
    for (const [pattern, kind] of NAMED) {
      const said = pattern.exec(line);
      if (said !== null) return { service: 'generic', kind, signal: `"${line.trim().slice(0, 80)}"` };
    }
  }
  // A phrase in quotation marks is spoken of, not said: a help page quoting a lander's message.
  const text = words.text.replace(QUOTED, ' ');
  for (const [pattern, kind, service] of PHRASES) {
    const said = pattern.exec(text);
    if (said !== null) return { service: service ?? 'generic', kind, signal: `"${said[0]}"` };
  }
  return undefined;
}

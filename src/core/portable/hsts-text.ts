import type { HopHsts } from '../types.js';

/** `1 year`, `2 days`, `0 s`: a max-age in the largest whole unit that divides it, for people. */
function ageText(seconds: number): string {
  const units: Array<[string, number]> = [
    ['year', 31_536_000],
    ['day', 86_400],
    ['hour', 3600],
  ];
  for (const [unit, size] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} s`;
}

/**
 * A hop's Strict-Transport-Security in words, the same in the CLI, the page and the report:
 * `max-age 1 year · includeSubDomains · preload`, `max-age 0 (forget the host)`, `invalid: there is no max-age
 * directive`, each followed by why a browser ignores it (`ignored over http`, or `ignored: certificate error` over
 * HTTPS whose certificate failed, RFC 6797 §8.1) and, when several fields came, that only the first is read.
 * @param url the hop's URL: a valid field that does not count came over http, or over https with a bad certificate
 */
export function hstsText(hsts: HopHsts, url: string): string {
  const parts: string[] = [];
  if (!hsts.valid) parts.push(`invalid: ${hsts.problem ?? 'does not conform to RFC 6797'}`);
  else {
    const age = hsts.maxAge ?? 0;
    parts.push(age === 0 ? 'max-age 0 (forget the host)' : `max-age ${ageText(age)}`);
    if (hsts.includeSubDomains === true) parts.push('includeSubDomains');
    if (hsts.preload === true) parts.push('preload');
  }
  const overHttps = url.startsWith('https:');
  if (hsts.valid && !hsts.counts) parts.push(overHttps ? 'ignored: certificate error' : 'ignored over http');
  else if (!hsts.valid) parts.push('ignored');
  if (hsts.fields > 1) parts.push(`first of ${hsts.fields} fields read`);
  return parts.join(' · ');
}

import type { HopWall, WallVendor } from '../walls/index.js';

/** Each bot wall vendor as people name it. */
export const WALL_VENDOR_NAMES: Readonly<Record<WallVendor, string>> = Object.freeze({
  cloudflare: 'Cloudflare',
  'aws-waf': 'AWS WAF',
  vercel: "Vercel's firewall",
  akamai: 'Akamai',
  imperva: 'Imperva',
  sucuri: 'Sucuri',
  datadome: 'DataDome',
  perimeterx: 'HUMAN (PerimeterX)',
  generic: 'a bot check',
});

/** A hop's bot wall in words, the same in the CLI, the page and the report: `Cloudflare challenge (cf-mitigated: challenge)`. */
export function wallText(wall: HopWall): string {
  const vendor = WALL_VENDOR_NAMES[wall.vendor];
  const what = wall.vendor === 'generic' ? `${vendor} (${wall.action})` : `${vendor} ${wall.action}`;
  return `${what} (${wall.signal}): a bot wall answered, not the page`;
}

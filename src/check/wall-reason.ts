/**
 * The reason a row behind a bot wall gives first (`inconclusive: cloudflare challenge (cf-mitigated: challenge)`), and
 * the wall read back from it: a report keeps each row's reasons but not its hops' walls, so the report view (the
 * page's many-URLs table, a dropped report, the HTML report file) names the vendor from this reason alone.
 */
import type { HopWall } from '../core/index.js';
// The portable entry, not the core's: the report view bundles this file for the page.
import { WALL_VENDOR_NAMES } from '../core/portable/index.js';

const PREFIX = 'inconclusive: ';
const REASON = /^inconclusive: (\S+) (challenge|block) \((.*)\)$/;

/** The reason's text for `wall`. */
export function wallReason(wall: HopWall): string {
  return `${PREFIX}${wall.vendor} ${wall.action} (${wall.signal})`;
}

/** The wall a reason names; undefined for any other reason (or a vendor this version does not know). */
export function wallOfReason(reason: string): HopWall | undefined {
  const match = REASON.exec(reason);
  if (match === null) return undefined;
  const [, vendor = '', action, signal = ''] = match;
  if (!Object.hasOwn(WALL_VENDOR_NAMES, vendor)) return undefined;
  return { vendor: vendor as HopWall['vendor'], action: action === 'block' ? 'block' : 'challenge', signal };
}

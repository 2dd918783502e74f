/**
 * A row's outcome in the rows table: a badge with the word. A row behind a bot wall says so with the vendor too
 * (`⚠ inconclusive · Cloudflare`), in the warning colours the single URL's "Inconclusive" verdict and the hop's wall
 * line use, the whole wall in its tooltip: a walled row is told apart in the table, not only counted above it.
 */

import { wallOfReason } from '../../check/judging.js';
import { WALL_VENDOR_NAMES, wallText } from '../../core/portable/index.js';
import type { ReportRow } from '../model/report-data.js';
import { h } from './dom.js';

const TONE: Readonly<Record<ReportRow['outcome'], string>> = {
  passed: 'success',
  failed: 'error',
  errored: 'other',
  inconclusive: 'wall',
};

export function outcomeBadge(row: ReportRow): HTMLElement {
  const badge = h('span', { class: `badge badge--${TONE[row.outcome]}` }, row.outcome);
  if (row.outcome !== 'inconclusive') return badge;
  const wall = row.reasons.map(wallOfReason).find((found) => found !== undefined);
  badge.prepend(h('span', { 'aria-hidden': 'true' }, '⚠ '));
  if (wall === undefined) return badge;
  badge.title = wallText(wall);
  badge.dataset.vendor = wall.vendor;
  badge.append(h('span', { class: 'badge__vendor' }, ` · ${WALL_VENDOR_NAMES[wall.vendor]}`));
  return badge;
}

/**
 * A hop's bot wall (src/core/walls/): one line under its connection, in the same words as the CLI's `-v`
 * (src/core/portable/wall-text.ts).
 */

import { wallText } from '../../../core/portable/index.js';
import { h } from '../dom.js';
import type { Hop } from './hop-types.js';

/** `Wall Cloudflare challenge (cf-mitigated: challenge): …`; nothing for a hop no wall answered. */
export function wallLine(hop: Hop): HTMLElement | undefined {
  const wall = hop.wall;
  if (wall === undefined) return undefined;
  return h(
    'p',
    { class: 'step__wall', 'data-vendor': wall.vendor, 'data-action': wall.action },
    h('span', { class: 'conn__protocol' }, 'Wall'),
    ' ',
    wallText(wall),
  );
}

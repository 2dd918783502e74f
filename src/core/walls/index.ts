/*
 * Bot walls: a vendor's challenge or block answered instead of the page (issue 46). The hop carries what was found
 * (`Hop.wall`); the `bot_wall` finding and a check row's `inconclusive` outcome come from it.
 */
export { classifyWall } from './classify-wall.js';
export { type HopWall, WALL_VENDORS, type WallAnswer, type WallVendor } from './wall-answer.js';

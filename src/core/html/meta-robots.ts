/** The robots meta tags of a page (its metas as read by src/core/html/page-signals.ts). */
import { addressesCrawler } from '../robots/index.js';
import type { NamedMeta, PageSignals } from './page-signals.js';

/** One robots `<meta name content>`: whom it addresses, as written, and what it says. */
export type RobotsMeta = NamedMeta;

/**
 * Every `<meta name="robots">` and `<meta name="<crawler>">` (`googlebot` by default; names case-insensitive), in
 * document order.
 */
export function findRobotsMeta(page: PageSignals, crawler?: string): RobotsMeta[] {
  return page.metas.filter((meta) => addressesCrawler(meta.name, crawler));
}

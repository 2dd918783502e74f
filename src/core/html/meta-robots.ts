/** The robots meta tags of a page's first bytes (tags read by src/core/html/tags.ts). */
import { addressesGooglebot } from '../robots-directives.js';
import { findTags, visibleMarkup } from './tags.js';

/** One robots `<meta name content>`: whom it addresses, as written, and what it says. */
export interface RobotsMeta {
  readonly name: string;
  readonly content: string;
}

/** Every `<meta name="robots">` and `<meta name="googlebot">` (names case-insensitive), in document order. */
export function findRobotsMeta(html: string): RobotsMeta[] {
  return findTags(visibleMarkup(html), 'meta').flatMap((attrs) => {
    const name = attrs.get('name');
    return name === undefined || !addressesGooglebot(name) ? [] : [{ name, content: attrs.get('content') ?? '' }];
  });
}

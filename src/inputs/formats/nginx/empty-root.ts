import type { DocrootLookup } from './docroot.js';

/** The root assumed when none is given: an empty folder, holding nothing but itself. */
export const EMPTY_ROOT: DocrootLookup = (uri) => (/^\/*$/.test(uri) ? 'directory' : undefined);

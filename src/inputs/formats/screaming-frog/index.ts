import type { RuleFormatSpec } from '../spec.js';
import { readScreamingFrog } from './read.js';

/**
 * Screaming Frog's redirect chains report: a crawl's record of the chains it found, with absolute URLs. It has no
 * writer: it is not rules a host applies, so there is nothing to fix in it.
 */
export const screamingFrogFormat: RuleFormatSpec = { read: readScreamingFrog, absoluteSources: true, lines: 'headed' };

import { RULE_FORMATS } from '../formats/table.js';

/** The input formats: a CSV, a list, an XML sitemap, or a redirect-rule format (src/inputs/formats/). */
export const INPUT_FORMATS = ['csv', 'list', 'sitemap', ...RULE_FORMATS] as const;
/** An input format. */
export type InputFormat = (typeof INPUT_FORMATS)[number];

/**
 * A hop and a finding as the chain drawing reads them: the static types of the API's own schemas (src/schemas/),
 * which a check report's rows carry too, so that the page and the report draw the same shape.
 */
import type { Static } from 'typebox';
import type { HopSchema, IssueSchema } from '../../../schemas/analysis-result.js';

export type Hop = Static<typeof HopSchema>;
export type Issue = Static<typeof IssueSchema>;

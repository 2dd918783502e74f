/**
 * What check reads back from files a person may have edited (a `--cache` file's entries, the rows of a report
 * `--resume` continues), held to the shapes check wrote them in before anything uses them: a value of a wrong type
 * would otherwise reach the judging and the report writers, and crash them (issue 41). The hops, findings and
 * summaries are the API's schemas (src/schemas/analysis-result.ts); the checks at the bottom keep these in step with
 * the types.
 */
import { type Static, Type } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { firstComplaint } from '../core/index.js';
import { HopSchema, IssueSchema, SummarySchema } from '../schemas/analysis-result.js';
import type { RowResult } from './result.js';
import type { CacheEntry } from './row-cache.js';

const OUTCOME = Type.Enum(['passed', 'failed', 'errored', 'inconclusive']);
const count = () => Type.Integer({ minimum: 0 });
const texts = () => Type.Array(Type.String());

/** An analysis as the cache keeps it: the API's result without its rate limit. */
const AnalysisSchema = Type.Object({
  success: Type.Literal(true),
  url: Type.String(),
  chain: Type.Array(HopSchema),
  summary: SummarySchema,
});

/** A cache file's entry: the row's key (a SHA-256, in hex), when it was checked, and its answer. */
export const CacheEntrySchema = Type.Object({
  key: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  // Within what a Date can hold: the row's `cached` time is written from it.
  at: Type.Integer({ minimum: 0, maximum: 8.64e15 }),
  outcome: OUTCOME,
  result: Type.Optional(AnalysisSchema),
  error: Type.Optional(
    Type.Object({ code: Type.String(), message: Type.String(), chain: Type.Optional(Type.Array(HopSchema)) }),
  ),
});

const ChangeValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);

/** A row of a check report (json, ndjson), as the report writers wrote it. */
export const RowResultSchema = Type.Object({
  line: count(),
  source: Type.String(),
  target: Type.Optional(Type.String()),
  expectedStatus: Type.Optional(Type.Integer()),
  extra: Type.Optional(Type.Record(Type.String(), Type.String())),
  outcome: OUTCOME,
  reasons: texts(),
  warnings: texts(),
  firstStatus: Type.Optional(Type.Integer()),
  finalStatus: Type.Optional(Type.Integer()),
  finalUrl: Type.Optional(Type.String()),
  hops: count(),
  redirects: count(),
  time: Type.Number({ minimum: 0 }),
  attempts: count(),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
  issues: Type.Array(IssueSchema),
  chain: Type.Array(HopSchema),
  changes: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.Enum(['finalUrl', 'firstStatus', 'finalStatus', 'hops', 'error']),
        before: ChangeValue,
        after: ChangeValue,
      }),
    ),
  ),
  cached: Type.Optional(Type.String()),
});

/** A schema's validator, compiled once on first use: checking a record then costs less than parsing its line. */
function compiled(schema: typeof CacheEntrySchema | typeof RowResultSchema): () => Validator {
  let validator: Validator | undefined;
  return () => {
    validator ??= Compile(schema) as unknown as Validator;
    return validator;
  };
}

export const cacheEntryShape = compiled(CacheEntrySchema);
export const rowResultShape = compiled(RowResultSchema);

/**
 * Why `value` is not of the validator's shape, in words (`chain.0.status must be an integer`); undefined when it is.
 * Each record is checked apart, so that a file's size costs time, not memory.
 */
export function recordComplaint(validator: () => Validator, value: unknown): string | undefined {
  const check = validator();
  if (check.Check(value)) return undefined;
  const complaint = firstComplaint(check.Errors(value), 'field');
  if (complaint === undefined) return 'not of the expected shape';
  return `${complaint.path.length === 0 ? 'the record' : complaint.path.join('.')} ${complaint.why}`;
}

// Compile-time checks: every field of the types is described, and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: [
  Same<Omit<Static<typeof CacheEntrySchema>, 'key'>, CacheEntry>,
  Same<Static<typeof RowResultSchema>, RowResult>,
] = [true, true];
void checks;

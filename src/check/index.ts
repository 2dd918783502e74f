/**
 * The bulk check's entry, the only file of src/check the rest of hoplens imports: run rows and get them back judged
 * and counted (`judgeRun` with a `RunJudging`, `checkOne` for a single row), then the run's outcome. The judging
 * itself is src/check/judging.ts, importable where Node is not; this entry adds what runs rows (the scheduler, the
 * retries, the timer), which needs Node, and a whole run of a file (src/check/run/: `runCheck`), which a face gives
 * its side effects and writers.
 */

export { type LoadedCache, loadCache, saveCache } from './cache-file.js';
export { checkOne, judgeRun } from './check-run.js';
export * from './judging.js';
export type { AttemptContext, RetryPolicy } from './row-attempt.js';
export { type CacheEntry, MAX_CACHE_ENTRIES, RowCache, type RowCacheSettings } from './row-cache.js';
export { rowPlaceWords } from './row-place.js';
export { patternsChoose, type RowSubset, resumeKey, subsetItems, type UrlMatcher } from './row-subset.js';
export * from './run/index.js';
export type { RunLimits, RunnerConfig, RunnerEvent } from './runner.js';
export { MAX_SHARDS, parseShard, type Shard, shardItems } from './shard.js';
export { recordComplaint, rowResultShape } from './stored-records.js';

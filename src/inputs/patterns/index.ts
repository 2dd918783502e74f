import type { Readable } from 'node:stream';
import { compileApache } from '../formats/apache/patterns.js';
import type { RedirectsVariant } from '../formats/netlify/line.js';
import { compileNetlify, netlifyLines, netlifyTomlRules } from '../formats/netlify/patterns.js';
import { compileNginx } from '../formats/nginx/patterns.js';
import { compileVercel } from '../formats/vercel/patterns.js';
import { readWholeText } from '../text/whole-text.js';
import type { PatternFormat } from './formats.js';
import type { CompiledRules } from './rule-match.js';

export { hasPatternMatching, PATTERN_FORMATS, type PatternFormat } from './formats.js';
export type { CompiledRules, RuleMatch, RuleProblem } from './rule-match.js';
export { type SampleRowsOptions, sampleRows } from './sample-rows.js';
export { BACKTRACKING_BOUND_MS, type SkippedPattern } from './server-regex.js';
export { skippedPatternItems } from './skipped-items.js';

/** Whether the first meaningful line of a netlify input is TOML (a `[table]` or `key = value`). */
function isToml(text: string): boolean {
  const first = text.split('\n').find((line) => line.trim() !== '' && !line.trim().startsWith('#')) ?? '';
  return first.trim().startsWith('[') || /^[A-Za-z0-9_-]+\s*=/.test(first.trim());
}

/**
 * Reads a whole rules file, literal and pattern rules alike, into its format's matcher (a sample may be answered by a
 * literal rule before a pattern, and nginx prefers an exact location wherever it is written).
 */
export async function compileRules(
  format: PatternFormat,
  stream: Readable,
  variant?: RedirectsVariant,
): Promise<CompiledRules> {
  if (format === 'apache') return compileApache(stream);
  const text = await readWholeText(stream);
  if (format === 'vercel') return compileVercel(text);
  if (format === 'nginx') return compileNginx(text);
  const { rules, problems } = isToml(text) ? await netlifyTomlRules(text, variant) : netlifyLines(text, variant);
  return compileNetlify(rules, problems);
}

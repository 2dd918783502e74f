/**
 * The policy file's validator: the core's second public entry, beside src/core/index.ts. It is kept apart because
 * the schema validator and the URL pattern compiler it loads are a large share of a start-up that reads no policy
 * (BENCHMARKS.md, the start-up workload): code that may run without a policy reaches it through `compilePolicy`
 * (src/core/policy/findings-policy.ts), which imports this file on first use; the service, which reads its policy file at start-up
 * with the rest of its environment, imports it directly.
 */
import { Value } from 'typebox/value';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { invalidOption } from '../errors.js';
import type { IssueType } from '../types.js';
import { type AllowRule, type FindingsPolicy, isPolicy } from './findings-policy.js';
import { JUDGEMENT_DEFAULTS } from './judgement-defaults.js';
import { type PolicyFile, PolicyFileSchema, type SeveritySetting } from './policy-schema.js';
import { firstComplaint } from './schema-complaint.js';

/** `['severity', 'temporary_redirect']` → `severity.temporary_redirect`; `['allow', '0', 'from']` → `allow[0].from`. */
function keyPath(path: readonly string[]): string {
  return path.reduce(
    (joined, part) => (/^\d+$/.test(part) ? `${joined}[${part}]` : joined === '' ? part : `${joined}.${part}`),
    '',
  );
}

/** The first schema error worth naming, as `key: rule` (src/core/policy/schema-complaint.ts says which and in what words). */
function firstError(value: unknown): string | undefined {
  const complaint = firstComplaint(Value.Errors(PolicyFileSchema, value), 'key');
  return complaint === undefined ? undefined : `${keyPath(complaint.path) || '(top level)'}: ${complaint.why}`;
}

/**
 * A URL pattern (WHATWG URLPattern syntax) compiled, as the policy's `allow` and `hoplens check --include` take
 * them; `fail` makes the error of a text that is not one, from the reason in words.
 */
export function compileUrlPattern(text: string, fail: (why: string) => Error): URLPattern {
  try {
    return new URLPattern(text);
  } catch (error) {
    throw fail(`must be a URL pattern (${(error as Error).message})`);
  }
}

function compilePattern(text: string, path: string): URLPattern {
  return compileUrlPattern(text, (why) => invalidOption('policy', `${path}: ${why}`));
}

/**
 * Validates a policy file's contents (parsed JSON) against its schema and compiles it. Throws `INVALID_OPTION` with
 * option `policy` and a requirement naming the key and the rule: `severity.temporary_redirect: must be one of error,
 * warning, info, off`. A policy already compiled is returned as it is.
 */
export function parsePolicy(value: unknown): FindingsPolicy {
  if (isPolicy(value)) return value;
  const problem = firstError(value);
  if (problem !== undefined) throw invalidOption('policy', problem);
  const file = value as PolicyFile;
  const thresholds = Object.freeze({ ...JUDGEMENT_DEFAULTS, ...file.thresholds });
  if (thresholds.chainWarning > thresholds.chainError) {
    throw invalidOption('policy', `thresholds.chainError: must be at least chainWarning (${thresholds.chainWarning})`);
  }
  const allow = (file.allow ?? []).map((rule, index): AllowRule => {
    const compiled: { from?: URLPattern; to?: URLPattern; issues?: ReadonlySet<IssueType> } = {};
    if (rule.from !== undefined) compiled.from = compilePattern(rule.from, `allow[${index}].from`);
    if (rule.to !== undefined) compiled.to = compilePattern(rule.to, `allow[${index}].to`);
    if (rule.issues !== undefined) compiled.issues = new Set(rule.issues as IssueType[]);
    return Object.freeze(compiled);
  });
  return Object.freeze({
    kind: 'hoplens-policy',
    severity: Object.freeze({ ...(file.severity as Partial<Record<IssueType, SeveritySetting>>) }),
    allow: Object.freeze(allow),
    thresholds,
  });
}

/**
 * A policy file's text (hoplens.config.json) parsed as JSON and then by {@link parsePolicy}. Throws `INVALID_OPTION`
 * (option `policy`) whose requirement says what is wrong: `is not valid JSON (...)` or the key and its rule.
 */
export function policyFromJson(text: string): FindingsPolicy {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalidOption('policy', `is not valid JSON (${(error as Error).message})`);
  }
  return parsePolicy(value);
}

export { PolicyFileSchema, policyJsonSchema, SEVERITY_SETTINGS } from './policy-schema.js';

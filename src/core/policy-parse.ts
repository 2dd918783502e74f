/**
 * The policy file's validator: the core's second public entry, beside src/core/index.ts. It is kept apart because
 * the schema validator and the URL pattern compiler it loads are a large share of a start-up that reads no policy
 * (BENCHMARKS.md, the start-up workload): code that may run without a policy reaches it through `compilePolicy`
 * (src/core/policy.ts), which imports this file on first use; the service, which reads its policy file at start-up
 * with the rest of its environment, imports it directly.
 */
import { Value } from 'typebox/value';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { invalidOption } from './errors.js';
import { JUDGEMENT_DEFAULTS } from './judgement-defaults.js';
import { type AllowRule, isPolicy, type Policy } from './policy.js';
import { type PolicyFile, PolicyFileSchema, type SeveritySetting } from './policy-schema.js';
import type { IssueType } from './types.js';

/** `/severity/temporary_redirect` → `severity.temporary_redirect`; `/allow/0/from` → `allow[0].from`. */
function keyPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '');
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** One schema error in words: the key at fault and the rule it breaks. */
function describeError(error: SchemaError): string {
  const { keyword, params } = error;
  if (keyword === 'additionalProperties') {
    const extra = (params.additionalProperties as string[] | undefined) ?? [];
    const where = keyPath(error.instancePath);
    const key = where === '' ? extra[0] : `${where}.${extra[0]}`;
    return `${key}: is not a known key`;
  }
  const path = keyPath(error.instancePath) || '(top level)';
  if (keyword === 'enum') return `${path}: must be one of ${(params.allowedValues as string[]).join(', ')}`;
  if (keyword === 'type') return `${path}: must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${params.type}`;
  return `${path}: ${error.message}`;
}

/** The first schema error worth naming: a wrong value over the "schema is false" that echoes an unknown key. */
function firstError(value: unknown): string | undefined {
  const errors = [...Value.Errors(PolicyFileSchema, value)] as SchemaError[];
  const telling = errors.find((error) => error.keyword !== 'boolean') ?? errors[0];
  return telling === undefined ? undefined : describeError(telling);
}

function compilePattern(text: string, path: string): URLPattern {
  try {
    return new URLPattern(text);
  } catch (error) {
    throw invalidOption('policy', `${path}: must be a URL pattern (${(error as Error).message})`);
  }
}

/**
 * Validates a policy file's contents (parsed JSON) against its schema and compiles it. Throws `INVALID_OPTION` with
 * option `policy` and a requirement naming the key and the rule: `severity.temporary_redirect: must be one of error,
 * warning, info, off`. A policy already compiled is returned as it is.
 */
export function parsePolicy(value: unknown): Policy {
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
export function policyFromJson(text: string): Policy {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalidOption('policy', `is not valid JSON (${(error as Error).message})`);
  }
  return parsePolicy(value);
}

export { PolicyFileSchema, policyJsonSchema, SEVERITY_SETTINGS } from './policy-schema.js';

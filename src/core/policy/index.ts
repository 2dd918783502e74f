/**
 * The findings policy: what a project allows and how severe each finding is (a `hoplens.config.json`), the defaults
 * the detectors judge by, and the policy applied to an analysis's issues. Light on purpose: the file's validator
 * (TypeBox and a URL pattern compiler) is `policy-parse.ts`, the room's second entry, loaded only when a policy is
 * read (`compilePolicy` imports it on first use), so that a run without one never pays for it.
 */
export { applyPolicy, type PolicyScope } from './apply-policy.js';
export { type AllowRule, type FindingsPolicy, isPolicy, NO_POLICY } from './findings-policy.js';
export { GOOGLEBOT_REDIRECT_LIMIT, JUDGEMENT_DEFAULTS, type JudgementThresholds } from './judgement-defaults.js';
export { compilePolicy, compilePolicyJson } from './policy-compile.js';
export type { PolicyFile, SeveritySetting } from './policy-schema.js';
export { firstComplaint, type SchemaComplaint, type SchemaError } from './schema-complaint.js';

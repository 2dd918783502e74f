/**
 * The package's second entry, `hoplens/policy`: the policy file's validator, synchronous. It is an entry of its own
 * because it loads TypeBox and a URL pattern compiler, which `import 'hoplens'` must not (src/index.ts); the main
 * entry's `compilePolicy` and `compilePolicyJson` are the same functions, loading this on first use.
 */
export { parsePolicy, policyFromJson } from './core/policy/policy-parse.js';

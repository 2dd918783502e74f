import { ifTest } from './if-expression.js';
import type { ConditionRegex } from './rewrite-conditions.js';

/**
 * `<If>`, `<ElseIf>` and `<Else>` as one chain (https://httpd.apache.org/docs/2.4/mod/core.html#elseif): an
 * `<ElseIf>` applies when its expression holds and no section before it in the chain did, an `<Else>` when none did.
 * Sections nested in one another apply when all of them do (httpd 2.4.26 and later nest `<If>`).
 */

/** A section's condition: a test of the URL, or undefined when only the server can evaluate it. */
export type IfCondition = ((url: URL) => boolean) | undefined;

/** The names of the sections of a chain. */
export const IF_CHAIN: ReadonlySet<string> = new Set(['if', 'elseif', 'else']);

/** A chain's section as opened: its own condition with the chain's before it, and the chain up to it. */
export interface ChainedSection {
  /** Whether the section applies (the chain before it taken into account). */
  test: IfCondition;
  /** The expressions of the chain up to and including this one, for an `<ElseIf>` or `<Else>` after it. */
  chain: IfCondition[];
}

/** The section `name` opened with `expression` after the chain `before` (empty for an `<If>`). */
export function chainedSection(
  name: string,
  expression: string,
  before: readonly IfCondition[],
  compile: ConditionRegex,
): ChainedSection {
  const own: IfCondition = name === 'else' ? () => true : ifTest(expression, compile);
  const prior = name === 'if' ? [] : before;
  const chain = [...prior, own];
  if (own === undefined || prior.some((test) => test === undefined)) return { test: undefined, chain };
  const earlier = prior as Array<(url: URL) => boolean>;
  return { test: (url) => own(url) && !earlier.some((test) => test(url)), chain };
}

/** All conditions together: each must hold; undefined when one of them is unknown. */
export function allOf(conditions: readonly IfCondition[]): IfCondition {
  if (conditions.some((test) => test === undefined)) return undefined;
  const tests = conditions as Array<(url: URL) => boolean>;
  return (url) => tests.every((test) => test(url));
}

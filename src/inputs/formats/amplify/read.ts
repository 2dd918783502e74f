import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { isJsonObject, type JsonObject, jsonEntries, notAnObject, ruleText } from '../../text/json-rules.js';
import { readWholeText } from '../../text/whole-text.js';

/** Amplify's statuses, as strings: two redirects, a rewrite and two not-found forms. */
const STATUSES = new Set(['301', '302', '200', '404', '404-200']);

/** One custom rule: `source`, `target`, `status` (a string, default "301"), `condition` (a country code). */
function amplifyItem(rule: JsonObject, line: number, options: RuleReadOptions): InputItem {
  const { source, target, condition } = rule;
  if (typeof source !== 'string' || source === '' || typeof target !== 'string' || target === '') {
    return { kind: 'invalid', line, message: 'a rule needs a "source" and a "target"' };
  }
  const status = rule.status === undefined || rule.status === null ? '301' : String(rule.status);
  if (!STATUSES.has(status)) return { kind: 'invalid', line, message: `unknown status ${JSON.stringify(status)}` };
  const text = ruleText(source, target);
  if (status === '200' || status === '404-200') {
    return { kind: 'skipped', line, text, reason: `rewrite (${status}): the target is served at the source` };
  }
  if (/<[^>]*>/.test(source)) return { kind: 'skipped', line, text, reason: 'placeholder or wildcard in the source' };
  if (typeof condition === 'string' && condition !== '') {
    return { kind: 'skipped', line, text, reason: `conditional (${condition})` };
  }
  return status === '404'
    ? ruleRow({ line, from: source, status: 404 }, options)
    : ruleRow({ line, from: source, to: target, status: Number(status) }, options);
}

/** Reads AWS Amplify's redirects and rewrites JSON: an array of custom rules, in order (the first match wins). */
export async function* readAmplify(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  const text = await readWholeText(stream);
  for (const entry of jsonEntries(text, 'the Amplify rules')) {
    yield isJsonObject(entry.value) ? amplifyItem(entry.value, entry.line, options) : notAnObject(entry);
  }
}

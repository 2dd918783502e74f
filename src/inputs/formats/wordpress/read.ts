import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readPresetCsv } from '../../text/header-csv.js';
import { isJsonObject, type JsonObject, jsonEntries, notAnObject, ruleText } from '../../text/json-rules.js';
import { readWholeText } from '../../text/whole-text.js';

/** What a Redirection redirect says, whichever export it comes from. */
interface RedirectionEntry {
  source: string;
  target: string;
  code: string;
  regex: boolean;
  enabled: boolean;
  /** Why it only matches some requests (`match_type` other than url), if it does. */
  condition?: string;
  /** The action when not a plain redirect to a URL (`error`, `nothing`, `pass`). */
  action?: string;
}

function entryItem(entry: RedirectionEntry, line: number, options: RuleReadOptions): InputItem {
  const text = ruleText(entry.source, entry.target);
  if (!entry.enabled) return { kind: 'skipped', line, text, reason: 'disabled' };
  if (entry.regex) return { kind: 'skipped', line, text, reason: 'regular expression in the source' };
  if (entry.condition !== undefined) return { kind: 'skipped', line, text, reason: `conditional (${entry.condition})` };
  if (entry.source === '') return { kind: 'invalid', line, message: 'a redirect needs a source' };
  const status = entry.code === '' ? 301 : Number(entry.code);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    return { kind: 'invalid', line, message: `not an HTTP status code: ${JSON.stringify(entry.code)}` };
  }
  if (entry.action === 'error') return ruleRow({ line, from: entry.source, status }, options);
  if (entry.action !== undefined) return { kind: 'skipped', line, text, reason: `action ${entry.action}` };
  if (!REDIRECT_STATUSES.has(status) || entry.target === '') {
    return { kind: 'invalid', line, message: 'a redirect needs a 3xx code and a target' };
  }
  return ruleRow({ line, from: entry.source, to: entry.target, status }, options);
}

/** A redirect of the JSON export (`redirects[]`: url, action_data.url, action_code, match_type, enabled...). */
function jsonEntry(rule: JsonObject): RedirectionEntry {
  const data = isJsonObject(rule.action_data) ? rule.action_data : {};
  const flags = isJsonObject(rule.match_data) && isJsonObject(rule.match_data.source) ? rule.match_data.source : {};
  const entry: RedirectionEntry = {
    source: typeof rule.url === 'string' ? rule.url : '',
    target: typeof data.url === 'string' ? data.url : '',
    code: rule.action_code === undefined ? '' : String(rule.action_code),
    regex: rule.regex === true || flags.flag_regex === true,
    enabled: rule.enabled !== false,
  };
  const matchType = rule.match_type ?? 'url';
  if (matchType !== 'url') entry.condition = `match_type ${String(matchType)}`;
  const action = rule.action_type ?? 'url';
  if (action !== 'url') entry.action = String(action);
  return entry;
}

/**
 * The action of a CSV export's row: its `type` (the plugin writes `url`, `error`, `pass`, `nothing`, `random`), and
 * without one, `error` for a 4xx code as the plugin's CSV import decides it (its target is then empty).
 */
function csvAction(type: string, code: string): string | undefined {
  const named = type.trim().toLowerCase();
  if (named !== '' && named !== 'url') return named;
  const status = Number(code);
  return named === '' && status > 400 && status < 500 ? 'error' : undefined;
}

/**
 * Reads an export of the Redirection plugin for WordPress, as JSON (`{ "redirects": [...] }`) or CSV (the plugin's
 * header `source,target,regex,code,type,hits,title,status`, status `active` or `disabled`). Literal, enabled
 * redirects to a URL are rows; regex, disabled and conditional ones (by referrer, login, agent...) and other actions
 * (`pass`, `nothing`, `random`) are skipped and counted; an `error` action expects its code at the source.
 */
export async function* readWordpress(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  const text = await readWholeText(stream);
  if (text.trimStart().startsWith('{')) {
    for (const entry of jsonEntries(text, 'the Redirection export', 'redirects')) {
      yield isJsonObject(entry.value) ? entryItem(jsonEntry(entry.value), entry.line, options) : notAnObject(entry);
    }
    return;
  }
  const columns = {
    source: ['source', 'url'],
    target: ['target', 'action data'],
    regex: ['regex'],
    code: ['code', 'action code', 'http code'],
    type: ['type', 'action type'],
    status: ['status', 'enabled'],
  } as const;
  yield* readPresetCsv(text, 'Redirection', columns, ['source', 'target'], (fields, line) => {
    const state = fields.status.toLowerCase();
    const entry: RedirectionEntry = {
      source: fields.source,
      target: fields.target,
      code: fields.code,
      regex: ['1', 'true', 'yes'].includes(fields.regex.toLowerCase()),
      enabled: !['disabled', 'inactive', '0', 'false'].includes(state),
    };
    const action = csvAction(fields.type, fields.code);
    if (action !== undefined) entry.action = action;
    return entryItem(entry, line, options);
  });
}

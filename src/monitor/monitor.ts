import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  checkCrawler,
  checkUserAgent,
  firstComplaint,
  hasControlCharacter,
  isHoplensError,
  terminalText,
} from '../core/index.js';
import {
  ALERT_POLICY,
  type AlertChannelSchema,
  INTERVAL,
  type MonitorBody,
  type MonitorInput,
  MonitorInputSchema,
} from '../schemas/monitor.js';
import { monitorError } from './errors.js';
import { checkMaintenance } from './maintenance/index.js';

/** An alert destination of a monitor. */
export type AlertChannel = Static<typeof AlertChannelSchema>;

/** What a monitor is in the store: the API's shape (src/schemas/monitor.ts). */
export type Monitor = MonitorBody;

/** A monitor's settings, defaults applied: what a caller wrote, as it is stored. */
export type MonitorSettings = Pick<
  Monitor,
  | 'url'
  | 'expect'
  | 'interval'
  | 'options'
  | 'labels'
  | 'paused'
  | 'alerts'
  | 'alertAfter'
  | 'alertAfterInconclusive'
  | 'remindEvery'
  | 'maintenance'
>;

/** The first complaint of the validator (src/core/policy/schema-complaint.ts), as a dotted field name and a reason. */
function firstFieldComplaint(value: unknown): { field: string; why: string } | undefined {
  const complaint = firstComplaint(Value.Errors(MonitorInputSchema, value), 'field');
  if (complaint === undefined) return undefined;
  return { field: complaint.path.length === 0 ? 'body' : complaint.path.join('.'), why: complaint.why };
}

function httpUrl(field: string, text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw monitorError('MONITOR_INVALID', `Invalid field "${field}": must be an absolute URL`, { parameter: field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw monitorError('MONITOR_INVALID', `Invalid field "${field}": must be an http or https URL`, {
      parameter: field,
    });
  }
}

/** A NUL (PostgreSQL's text refuses it) or a UTF-16 surrogate without its pair (no UTF-8 can store it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text of a monitor body is refused, or undefined when it may be stored. */
function unfitText(text: string): string | undefined {
  if (UNSTORABLE.test(text)) return 'contains a NUL or an unpaired surrogate';
  // A line break in a URL or a label would end an e-mail header or a chat line and start one of the sender's
  // choosing; no field of a monitor has a use for any control character.
  if (hasControlCharacter(text)) return 'contains a control character (CR, LF, tab, ESC...), which no field takes';
  return undefined;
}

/**
 * Refuses, naming the field, any text of the body (names and values alike) that the database cannot store or that
 * holds a control character: found at creation, it is a 400; stored, it was a 500 from the database, or a header
 * injected into an alert's e-mail.
 */
function storableTexts(value: unknown, field: string): void {
  if (typeof value === 'string') {
    const why = unfitText(value);
    if (why !== undefined) {
      throw monitorError('MONITOR_INVALID', `Invalid field "${terminalText(field)}": ${why}`, { parameter: field });
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    const path = field === '' ? key : `${field}.${key}`;
    storableTexts(key, path);
    storableTexts(inner, path);
  }
}

/** Label names, 1 to 64 characters (a record's key schema is not applied to its keys by the validator). */
function labelNames(labels: Readonly<Record<string, string>> | undefined): void {
  for (const name of Object.keys(labels ?? {})) {
    if (name.length >= 1 && name.length <= 64) continue;
    const field = `labels.${name}`;
    throw monitorError('MONITOR_INVALID', `Invalid field "${field}": a label name has 1 to 64 characters`, {
      parameter: field,
    });
  }
}

/** The rules every analysis applies to the options the schema cannot judge alone (src/core/options.ts). */
const OPTION_CHECKS = { userAgent: checkUserAgent, crawler: checkCrawler } as const;

/** The monitor's options checked by the rules every analysis applies, so that no stored monitor fails every run. */
function runnableOptions(options: MonitorInput['options']): void {
  for (const [name, check] of Object.entries(OPTION_CHECKS)) {
    const value = options?.[name as keyof typeof OPTION_CHECKS];
    if (value === undefined) continue;
    try {
      check(value);
    } catch (error) {
      if (!isHoplensError(error)) throw error;
      const why = error.message.replace(new RegExp(`^.*?${name}"?:?\\s*`, 'i'), '');
      throw monitorError('MONITOR_INVALID', `Invalid field "options.${name}": ${why}`, {
        parameter: `options.${name}`,
      });
    }
  }
}

/**
 * A caller's monitor body checked and completed with its defaults. Throws `MONITOR_INVALID` naming the first field
 * at fault (`expect.status`, `interval`...) as `parameter`.
 */
export function parseMonitorInput(body: unknown): MonitorSettings {
  const complaint = firstFieldComplaint(body);
  if (complaint !== undefined) {
    const { field, why } = complaint;
    throw monitorError('MONITOR_INVALID', `Invalid field "${field}": ${why}`, { parameter: field });
  }
  storableTexts(body, '');
  const input = body as MonitorInput;
  runnableOptions(input.options);
  labelNames(input.labels);
  httpUrl('url', input.url);
  if (input.expect?.target !== undefined) httpUrl('expect.target', input.expect.target);
  for (const [index, alert] of (input.alerts ?? []).entries()) {
    if ('url' in alert) httpUrl(`alerts.${index}.url`, alert.url);
  }
  checkMaintenance(input.maintenance);
  return {
    url: input.url,
    expect: { ...input.expect, failOn: input.expect?.failOn ?? 'error' },
    interval: input.interval ?? INTERVAL.default,
    options: { ...input.options },
    labels: { ...input.labels },
    paused: input.paused ?? false,
    ...(input.alerts !== undefined && { alerts: input.alerts.map((alert) => ({ ...alert })) }),
    alertAfter: input.alertAfter ?? ALERT_POLICY.alertAfter.default,
    alertAfterInconclusive: input.alertAfterInconclusive ?? ALERT_POLICY.alertAfterInconclusive.default,
    ...(input.remindEvery !== undefined && { remindEvery: input.remindEvery }),
    ...(input.maintenance !== undefined && { maintenance: input.maintenance.map((window) => ({ ...window })) }),
  };
}

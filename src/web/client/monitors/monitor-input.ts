/**
 * Between the monitor form's fields and the API's body (docs/monitors.md), without the DOM (tested in
 * test/web/monitor-page-logic.test.ts). The service validates; this only shapes, and names the field it cannot read.
 */
import { LIMITS } from '../../../core/portable/index.js';
import type { MonitorBody, MonitorInput } from '../../../schemas/monitor.js';
import { EXPECTED_STATUS, INTERVAL, WEB_CHANNELS } from '../../../schemas/monitor-bounds.js';

/** The form's fields, as typed. */
export interface MonitorFields {
  url: string;
  target: string;
  status: string;
  maxRedirects: string;
  interval: string;
  /** `team=web, env=prod`. */
  labels: string;
  /** One channel a line: `slack https://hooks...` or `webhook https://...`. */
  alerts: string;
}

/** A field the form could not read, by its API name (`labels`, `expect.status`). */
export interface FieldProblem {
  parameter: string;
  message: string;
}

/** What the API answers about a monitor and its settings are not: dropped before a PUT. */
const ANSWER_ONLY = ['id', 'state', 'lastRunAt', 'nextRunAt', 'createdAt', 'updatedAt'] as const;

/** A whole number in `range`, undefined when empty, or what is wrong with it in words. */
function integer(
  text: string,
  parameter: string,
  range: { min: number; max: number },
  what: string,
): number | undefined | FieldProblem {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return value;
  return { parameter, message: `${what} is a whole number from ${range.min} to ${range.max}` };
}

/** What is wrong with an address a monitor needs, in words, or undefined when it is an absolute http(s) URL. */
function addressProblem(text: string, parameter: string, required: boolean): FieldProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return required ? { parameter, message: 'Enter the address to check' } : undefined;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')) return undefined;
  return { parameter, message: 'Enter a whole address, starting with https:// or http://' };
}

function labelsOf(text: string): Record<string, string> | FieldProblem {
  const labels: Record<string, string> = {};
  for (const part of text.split(/[,\n]/)) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) return { parameter: 'labels', message: `"${part.trim()}" is not name=value` };
    labels[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return labels;
}

function alertsOf(text: string): MonitorInput['alerts'] | FieldProblem {
  const alerts: NonNullable<MonitorInput['alerts']> = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [type = '', url = '', ...rest] = line.trim().split(/\s+/);
    if (url === '' || rest.length > 0) return { parameter: 'alerts', message: `"${line.trim()}" is not "type URL"` };
    if (!(WEB_CHANNELS as readonly string[]).includes(type)) {
      return { parameter: 'alerts', message: `"${type}" is not a channel: ${WEB_CHANNELS.join(', ')}` };
    }
    if (addressProblem(url, 'alerts', true) !== undefined) {
      return { parameter: 'alerts', message: `"${url}" is not a whole https:// or http:// address` };
    }
    alerts.push({ type: type as 'webhook', url });
  }
  return alerts;
}

const isProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' && value !== null && 'parameter' in value && 'message' in value;

/** Every field read, or what is wrong with each that cannot be, in the form's order: all of them at once. */
function readFields(fields: MonitorFields) {
  const read = {
    url: addressProblem(fields.url, 'url', true),
    target: addressProblem(fields.target, 'expect.target', false),
    status: integer(fields.status, 'expect.status', EXPECTED_STATUS, 'A status'),
    maxRedirects: integer(
      fields.maxRedirects,
      'expect.maxRedirects',
      { min: 0, max: LIMITS.maxHops.max },
      'A redirect count',
    ),
    interval: integer(fields.interval, 'interval', INTERVAL, 'The interval'),
    labels: labelsOf(fields.labels),
    alerts: alertsOf(fields.alerts),
  };
  return { read, problems: Object.values(read).filter(isProblem) };
}

/**
 * The body of a POST, or of a PUT over `existing`: what the form does not show (options, `failOn`, paused, fields
 * added later) is kept as it was. An empty alerts field keeps the instance's channels (the field is left out). The
 * fields are checked first, with the bounds the service checks (src/schemas/monitor-bounds.ts): every field that
 * cannot be sent is named at once, in words, rather than the service's first complaint.
 */
export function monitorInput(fields: MonitorFields, existing?: MonitorBody): MonitorInput | FieldProblem[] {
  const { read, problems } = readFields(fields);
  if (problems.length > 0) return problems;
  const { status, maxRedirects, interval, labels, alerts } = read;
  const kept: Record<string, unknown> = { ...existing };
  for (const field of ANSWER_ONLY) delete kept[field];
  delete kept.alerts;
  // The field shows the channels with a URL; the others (e-mail) are not in it, so they are kept as they were.
  const unshown = (existing?.alerts ?? []).filter((alert) => !('url' in alert));
  const channels = [...unshown, ...(alerts as NonNullable<MonitorInput['alerts']>)];
  const expect = {
    ...(existing?.expect.failOn !== undefined && { failOn: existing.expect.failOn }),
    ...(fields.target.trim() !== '' && { target: fields.target.trim() }),
    ...(typeof status === 'number' && { status }),
    ...(typeof maxRedirects === 'number' && { maxRedirects }),
  };
  return {
    ...(kept as Partial<MonitorInput>),
    url: fields.url.trim(),
    expect,
    ...(typeof interval === 'number' && { interval }),
    labels: labels as Record<string, string>,
    ...(channels.length > 0 && { alerts: channels }),
  };
}

/**
 * The service's complaint about a field in the form's words: its `Invalid field "expect.status": ` prefix dropped
 * (the message is shown under that field), the rest with a capital.
 */
export function serviceProblem(parameter: string, message: string): FieldProblem {
  const words = message.replace(/^Invalid field "[^"]*":\s*/, '');
  return { parameter, message: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** A monitor's settings as the form's fields, for editing. */
export function fieldsOf(monitor: MonitorBody): MonitorFields {
  return {
    url: monitor.url,
    target: monitor.expect.target ?? '',
    status: monitor.expect.status === undefined ? '' : String(monitor.expect.status),
    maxRedirects: monitor.expect.maxRedirects === undefined ? '' : String(monitor.expect.maxRedirects),
    interval: String(monitor.interval),
    labels: Object.entries(monitor.labels)
      .map(([name, value]) => `${name}=${value}`)
      .join(', '),
    // Only the channels with a URL are edited here; an e-mail channel is kept as it is (see the form's reading).
    alerts: (monitor.alerts ?? [])
      .flatMap((alert) => ('url' in alert ? [`${alert.type} ${alert.url}`] : []))
      .join('\n'),
  };
}

/**
 * The fields of "watch this chain": the analysed URL, with its final URL, first status and redirect count as the
 * expectation; read from the address `/monitors/new?url=...&target=...&status=...&maxRedirects=...`.
 */
export function fieldsFromQuery(search: string): MonitorFields {
  const query = new URLSearchParams(search);
  return {
    url: query.get('url') ?? '',
    target: query.get('target') ?? '',
    status: query.get('status') ?? '',
    maxRedirects: query.get('maxRedirects') ?? '',
    interval: '',
    labels: '',
    alerts: '',
  };
}

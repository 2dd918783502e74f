import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  type AlertChannelSchema,
  INTERVAL,
  type MonitorBody,
  type MonitorInput,
  MonitorInputSchema,
} from '../schemas/monitor.js';
import { monitorError } from './errors.js';

/** An alert destination of a monitor. */
export type AlertChannel = Static<typeof AlertChannelSchema>;

/** What a monitor is in the store: the API's shape (src/schemas/monitor.ts). */
export type Monitor = MonitorBody;

/** A monitor's settings, defaults applied: what a caller wrote, as it is stored. */
export type MonitorSettings = Pick<Monitor, 'url' | 'expect' | 'interval' | 'options' | 'labels' | 'paused' | 'alerts'>;

/** The first complaint of the validator, as a dotted field name and a reason. */
function firstComplaint(value: unknown): { field: string; why: string } | undefined {
  for (const error of Value.Errors(MonitorInputSchema, value)) {
    // A `false` schema (an unknown property) is reported twice; the additionalProperties entry names it.
    if (error.keyword === 'boolean') continue;
    const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (error.keyword === 'additionalProperties') {
      const names = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      const field = [path, names[0] ?? ''].filter(Boolean).join('.');
      return { field, why: 'is not a known field' };
    }
    if (error.keyword === 'required') {
      const names = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      return { field: [path, names[0] ?? ''].filter(Boolean).join('.'), why: 'is required' };
    }
    return { field: path === '' ? 'body' : path, why: error.message };
  }
  return undefined;
}

function httpUrl(field: string, text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw monitorError('INVALID_PARAMETER', `Invalid field "${field}": must be an absolute URL`, { parameter: field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw monitorError('INVALID_PARAMETER', `Invalid field "${field}": must be an http or https URL`, {
      parameter: field,
    });
  }
}

/**
 * A caller's monitor body checked and completed with its defaults. Throws `INVALID_PARAMETER` naming the first field
 * at fault (`expect.status`, `interval`...) as `parameter`.
 */
export function parseMonitorInput(body: unknown): MonitorSettings {
  const complaint = firstComplaint(body);
  if (complaint !== undefined) {
    const { field, why } = complaint;
    throw monitorError('INVALID_PARAMETER', `Invalid field "${field}": ${why}`, { parameter: field });
  }
  const input = body as MonitorInput;
  httpUrl('url', input.url);
  if (input.expect?.target !== undefined) httpUrl('expect.target', input.expect.target);
  for (const [index, alert] of (input.alerts ?? []).entries()) httpUrl(`alerts.${index}.url`, alert.url);
  return {
    url: input.url,
    expect: { ...input.expect, failOn: input.expect?.failOn ?? 'error' },
    interval: input.interval ?? INTERVAL.default,
    options: { ...input.options },
    labels: { ...input.labels },
    paused: input.paused ?? false,
    ...(input.alerts !== undefined && { alerts: input.alerts.map((alert) => ({ ...alert })) }),
  };
}

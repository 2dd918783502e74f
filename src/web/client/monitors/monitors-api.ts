/**
 * Calls `/api/monitors` with the admin token and sorts every answer into one {@link AdminOutcome}, so that the view
 * never looks at HTTP.
 */
import type { AlertSentBody, MonitorBody, MonitorInput, RunBody, RunTicksBody } from '../../../schemas/monitor.js';

/** A page of history, as `GET /api/monitors/{id}/runs` answers. */
export interface RunPage {
  runs: RunBody[];
  next: string | null;
}

export type AdminOutcome<T> =
  | { kind: 'ok'; body: T }
  /** 401: no token, or not this service's. */
  | { kind: 'unauthorized' }
  /** 404: monitors are off on this service, or no such monitor. */
  | { kind: 'not-found'; message: string }
  /** No HTTP answer. */
  | { kind: 'unreachable' }
  /** 400: a field refused, named dotted (`expect.status`). */
  | { kind: 'invalid'; parameter: string | undefined; message: string }
  /** Any other failure. */
  | { kind: 'failed'; status: number; message: string };

async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<AdminOutcome<T>> {
  let response: Response;
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  try {
    response = await fetch(path, { method, headers, ...(payload !== undefined && { body: JSON.stringify(payload) }) });
  } catch {
    return { kind: 'unreachable' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) return { kind: 'ok', body: body as T };
  if (response.status === 401) return { kind: 'unauthorized' };
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  const text = typeof message === 'string' ? message : `The service answered ${response.status}.`;
  if (response.status === 404) return { kind: 'not-found', message: text };
  if (response.status === 400) {
    const parameter = (body as { error?: { parameter?: unknown } } | undefined)?.error?.parameter;
    return { kind: 'invalid', parameter: typeof parameter === 'string' ? parameter : undefined, message: text };
  }
  return { kind: 'failed', status: response.status, message: text };
}

export const listMonitors = (token: string) => call<{ monitors: MonitorBody[] }>(token, 'GET', '/api/monitors');

const one = (id: string) => `/api/monitors/${encodeURIComponent(id)}`;

export const getMonitor = (token: string, id: string) => call<MonitorBody>(token, 'GET', one(id));

export function monitorRuns(token: string, id: string, limit: number, before?: string) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) query.set('before', before);
  return call<RunPage>(token, 'GET', `${one(id)}/runs?${query.toString()}`);
}

export const runNow = (token: string, id: string) => call<RunBody>(token, 'POST', `${one(id)}/run`);

export const createMonitor = (token: string, input: MonitorInput) =>
  call<MonitorBody>(token, 'POST', '/api/monitors', input);

export const replaceMonitor = (token: string, id: string, input: MonitorInput) =>
  call<MonitorBody>(token, 'PUT', one(id), input);

export const deleteMonitor = (token: string, id: string) => call<null>(token, 'DELETE', one(id));

export const setPaused = (token: string, id: string, paused: boolean) =>
  call<MonitorBody>(token, 'POST', `${one(id)}/${paused ? 'pause' : 'resume'}`);

export const monitorTicks = (token: string, id: string, days: number) =>
  call<RunTicksBody>(token, 'GET', `${one(id)}/ticks?days=${days}`);

export const monitorAlerts = (token: string, id: string) =>
  call<{ alerts: AlertSentBody[] }>(token, 'GET', `${one(id)}/alerts`);

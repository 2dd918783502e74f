/**
 * Calls `/api/monitors` with the admin token and sorts every answer into one {@link AdminOutcome}, so that the view
 * never looks at HTTP.
 */
import type { MonitorBody, RunBody } from '../../../schemas/monitor.js';

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
  /** Any other failure. */
  | { kind: 'failed'; status: number; message: string };

async function call<T>(token: string, method: 'GET' | 'POST', path: string): Promise<AdminOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
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

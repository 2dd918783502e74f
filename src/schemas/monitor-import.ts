/**
 * What a monitor import makes of a row, shared by `hoplens monitor import` and the page's bulk import so that both
 * create the same monitor and both know a row is monitored already (re-importing a file creates nothing).
 */
import type { MonitorBody, MonitorInput } from './monitor.js';

/** The part of an input row (src/inputs) a monitor is made of. */
export interface ImportedRow {
  readonly source: string;
  readonly target?: string | undefined;
  readonly status?: number | undefined;
}

/** A URL as the service compares it: parsed and serialised, so `https://a.example` is `https://a.example/`. */
function normalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** What makes two monitors the same check: the URL and what it must do (target and first status). */
export function importIdentity(url: string, target: string | undefined, status: number | undefined): string {
  return JSON.stringify([normalUrl(url), target === undefined ? null : normalUrl(target), status ?? null]);
}

/** The identity of a stored monitor, to compare with the rows' {@link importIdentity}. */
export const monitorIdentity = (monitor: MonitorBody): string =>
  importIdentity(monitor.url, monitor.expect.target, monitor.expect.status);

/** The body creating a row's monitor, with the interval and labels given to every row. */
export function rowMonitor(
  row: ImportedRow,
  interval: number | undefined,
  labels: Readonly<Record<string, string>>,
): MonitorInput {
  const expect: NonNullable<MonitorInput['expect']> = {};
  if (row.target !== undefined) expect.target = row.target;
  if (row.status !== undefined) expect.status = row.status;
  return {
    url: row.source,
    ...(Object.keys(expect).length > 0 && { expect }),
    ...(interval !== undefined && { interval }),
    ...(Object.keys(labels).length > 0 && { labels: { ...labels } }),
  };
}

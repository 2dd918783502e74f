/** Small formatters shared by the renderers. */
import type { Hop } from './hop-types.js';

/** `123 ms`, `1.23 s`, `12.3 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1)} s`;
}

/** `42 s`, `3 min 5 s`, `2 h 10 min`: how long to wait. */
export function formatWait(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest === 0 ? `${Math.floor(s / 60)} min` : `${Math.floor(s / 60)} min ${rest} s`;
  }
  const minutes = Math.ceil((s % 3600) / 60);
  return minutes === 0 ? `${Math.floor(s / 3600)} h` : `${Math.floor(s / 3600)} h ${minutes} min`;
}

/** The colour class of a status: 2xx, permanent 3xx, temporary 3xx, 4xx/5xx, or anything else. */
export type StatusClass = 'success' | 'permanent' | 'temporary' | 'error' | 'other';

export function statusClass(hop: Pick<Hop, 'status' | 'redirectType'>): StatusClass {
  const { status } = hop;
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400) return 'error';
  if (hop.redirectType === 'permanent' || status === 301 || status === 308) return 'permanent';
  if (hop.redirectType === 'temporary' || status === 302 || status === 303 || status === 307) return 'temporary';
  return 'other';
}

/** Words for the class, so that colour is never the only cue. */
export const STATUS_CLASS_LABEL: Readonly<Record<StatusClass, string>> = {
  success: 'success',
  permanent: 'permanent redirect',
  temporary: 'temporary redirect',
  error: 'error',
  other: 'informational',
};

/** `1 hop`, `3 hops`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A clock time for an epoch-seconds instant, in the person's locale (`14:03`). */
export function clockTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

import type { Static } from 'typebox';
import { type MaintenanceWindowSchema, WEEKDAYS } from '../../schemas/monitor.js';
import { addDays, instantOf, wallTime } from './zoned-time.js';

/** A maintenance window as a monitor stores it: one-off (`start`, `end`) or weekly (`days`, `start`, `duration`...). */
export type MaintenanceWindow = Static<typeof MaintenanceWindowSchema>;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** When the occurrence of a weekly window that holds `at` closes, or undefined when none holds it. */
function weeklyEnd(window: Extract<MaintenanceWindow, { days: unknown }>, at: number): number | undefined {
  const [hour, minute] = window.start.split(':').map(Number) as [number, number];
  const today = wallTime(at, window.timeZone);
  // An occurrence that began on an earlier day may still be open: look back as many days as it lasts.
  const lookBack = Math.ceil(window.duration / DAY_MINUTES);
  for (let back = lookBack; back >= 0; back--) {
    const date = addDays(today, -back);
    if (!window.days.includes(WEEKDAYS[date.weekday] as (typeof WEEKDAYS)[number])) continue;
    // The duration is elapsed time: a window over a DST change lasts as many real minutes as it says.
    const start = instantOf(date, hour, minute, window.timeZone);
    const end = start + window.duration * MINUTE_MS;
    if (start <= at && at < end) return end;
  }
  return undefined;
}

/** When `window` closes if it is open at `at`; undefined when it is not open then. */
export function windowEnd(window: MaintenanceWindow, at: number): number | undefined {
  if ('days' in window) return weeklyEnd(window, at);
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  return start <= at && at < end ? end : undefined;
}

/**
 * Until when alerts due at `at` wait: the close of the window open then, carried on through any window open at that
 * close (back-to-back or overlapping windows hold as one); undefined when no window is open at `at`.
 */
export function heldUntil(windows: readonly MaintenanceWindow[] | undefined, at: number): number | undefined {
  let until: number | undefined;
  let probe = at;
  // Bounded: each step moves past a window's close, and there are at most 20 windows a week.
  for (let step = 0; step < 50; step++) {
    const ends = (windows ?? []).map((window) => windowEnd(window, probe)).filter((end) => end !== undefined);
    if (ends.length === 0) break;
    probe = Math.max(...ends);
    until = probe;
  }
  return until;
}

/**
 * Wall-clock time in an IANA time zone, through `Intl` (no time-zone library): what a weekly maintenance window
 * ("Sundays 02:00 Europe/Paris") means as instants, across daylight-saving changes.
 */

/** A local date and time, as a clock on the wall of that zone shows it. */
export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is a zone this runtime knows (an IANA name such as `Europe/Paris`, or `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

function parts(at: number, timeZone: string): WallTime & { second: number } {
  const fields: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) fields[part.type] = part.value;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    weekday: WEEKDAY_INDEX[fields.weekday ?? ''] ?? 0,
  };
}

/** The wall time in `timeZone` at the instant `at` (ms). */
export function wallTime(at: number, timeZone: string): WallTime {
  const { second: _second, ...wall } = parts(at, timeZone);
  return wall;
}

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich), to the second. */
function offsetAt(at: number, timeZone: string): number {
  const p = parts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall clock in `timeZone` shows `year-month-day hour:minute`. A time skipped by a DST change (02:30
 * on a spring-forward night) is read with the offset before the change, so it lands just after the gap, at 03:30;
 * a time that happens twice (autumn) is its first occurrence.
 */
export function instantOf(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offset a few hours before and after: the earlier one reads an ambiguous time as its first occurrence.
  const before = offsetAt(asUtc - 12 * 3_600_000, timeZone);
  const after = offsetAt(asUtc + 12 * 3_600_000, timeZone);
  const first = asUtc - before;
  if (before === after) return first;
  const second = asUtc - after;
  const shows = (at: number) => {
    const p = wallTime(at, timeZone);
    return p.hour === hour && p.minute === minute && p.day === date.day;
  };
  if (shows(Math.min(first, second))) return Math.min(first, second);
  if (shows(Math.max(first, second))) return Math.max(first, second);
  return first;
}

/** The calendar date `days` after the given one (negative for before). */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
    weekday: (moved.getUTCDay() + 6) % 7,
  };
}

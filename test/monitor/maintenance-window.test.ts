/**
 * Maintenance windows (docs/monitors.md, "When alerts are sent"): when a window that holds an instant closes. Weekly
 * windows are wall-clock times in an IANA time zone, so their instants move with daylight saving time; the
 * transitions used here are those of the tz database (https://www.iana.org/time-zones): Europe/Paris springs forward
 * on 2026-03-29 at 01:00 UTC and falls back on 2026-10-25 at 01:00 UTC; America/New_York springs forward on
 * 2026-03-08 at 07:00 UTC. Instants are ISO 8601 / RFC 3339 (https://www.rfc-editor.org/rfc/rfc3339).
 */
import { describe, expect, it } from 'vitest';
import { heldUntil, type MaintenanceWindow, windowEnd } from '../../src/monitor/maintenance/window.js';

const at = (iso: string) => Date.parse(iso);
const end = (window: MaintenanceWindow, iso: string) => {
  const closes = windowEnd(window, at(iso));
  return closes === undefined ? undefined : new Date(closes).toISOString();
};

describe('weekly maintenance windows', () => {
  const parisSunday: MaintenanceWindow = { days: ['sun'], start: '01:30', duration: 120, timeZone: 'Europe/Paris' };

  it('starts at the local time in winter and in summer (UTC+1, then UTC+2)', () => {
    expect(end(parisSunday, '2026-01-04T00:29:00Z')).toBeUndefined();
    expect(end(parisSunday, '2026-01-04T00:30:00Z')).toBe('2026-01-04T02:30:00.000Z');
    // 01:30 in Paris on a summer Sunday is 23:30 UTC on Saturday.
    expect(end(parisSunday, '2026-06-06T23:45:00Z')).toBe('2026-06-07T01:30:00.000Z');
    expect(end(parisSunday, '2026-06-07T01:30:00Z')).toBeUndefined();
    // Not on another day.
    expect(end(parisSunday, '2026-01-05T00:45:00Z')).toBeUndefined();
  });

  it('lasts its duration in real minutes across the spring-forward night', () => {
    // Opens at 01:30 CET (00:30 UTC); the clocks skip 02:00 to 03:00; 120 minutes later is 04:30 CEST (02:30 UTC).
    expect(end(parisSunday, '2026-03-29T00:29:00Z')).toBeUndefined();
    expect(end(parisSunday, '2026-03-29T02:00:00Z')).toBe('2026-03-29T02:30:00.000Z');
    expect(end(parisSunday, '2026-03-29T02:30:00Z')).toBeUndefined();
  });

  it('moves a start time the clocks skip to just after the gap, and takes the first of a repeated one', () => {
    const newYork: MaintenanceWindow = { days: ['sun'], start: '02:30', duration: 30, timeZone: 'America/New_York' };
    // 02:30 does not exist on 2026-03-08: the window opens at 03:30 EDT (07:30 UTC).
    expect(end(newYork, '2026-03-08T07:29:00Z')).toBeUndefined();
    expect(end(newYork, '2026-03-08T07:30:00Z')).toBe('2026-03-08T08:00:00.000Z');
    // A week later 02:30 EDT is 06:30 UTC.
    expect(end(newYork, '2026-03-15T06:30:00Z')).toBe('2026-03-15T07:00:00.000Z');
    const paris: MaintenanceWindow = { days: ['sun'], start: '02:30', duration: 30, timeZone: 'Europe/Paris' };
    // 02:30 happens twice on 2026-10-25; the window is the first (CEST, 00:30 UTC), not the second (01:30 UTC).
    expect(end(paris, '2026-10-25T00:30:00Z')).toBe('2026-10-25T01:00:00.000Z');
    expect(end(paris, '2026-10-25T01:30:00Z')).toBeUndefined();
  });

  it('is still open on the next day when it runs past midnight', () => {
    const friday: MaintenanceWindow = { days: ['fri'], start: '22:00', duration: 240, timeZone: 'America/New_York' };
    // Friday 22:00 EDT is Saturday 02:00 UTC; at Saturday 01:00 local (05:00 UTC) it is open until 06:00 UTC.
    expect(end(friday, '2026-07-11T01:59:00Z')).toBeUndefined();
    expect(end(friday, '2026-07-11T05:00:00Z')).toBe('2026-07-11T06:00:00.000Z');
    expect(end(friday, '2026-07-11T06:00:00Z')).toBeUndefined();
  });
});

describe('one-off maintenance windows', () => {
  it('hold from start (included) to end (excluded), whatever offset they are written with', () => {
    const window: MaintenanceWindow = { start: '2026-05-01T22:00:00+02:00', end: '2026-05-02T02:00:00+02:00' };
    expect(end(window, '2026-05-01T19:59:59Z')).toBeUndefined();
    expect(end(window, '2026-05-01T20:00:00Z')).toBe('2026-05-02T00:00:00.000Z');
    expect(end(window, '2026-05-02T00:00:00Z')).toBeUndefined();
  });

  it('hold through windows that overlap or follow one another, as one', () => {
    const windows: MaintenanceWindow[] = [
      { start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' },
      { start: '2026-01-01T00:59:00Z', end: '2026-01-01T03:00:00+01:00' },
      { start: '2026-01-01T02:00:00Z', end: '2026-01-01T02:30:00Z' },
    ];
    expect(new Date(heldUntil(windows, at('2026-01-01T00:10:00Z')) ?? 0).toISOString()).toBe(
      '2026-01-01T02:30:00.000Z',
    );
    expect(heldUntil(windows, at('2026-01-01T02:30:00Z'))).toBeUndefined();
    expect(heldUntil(undefined, at('2026-01-01T00:10:00Z'))).toBeUndefined();
  });
});

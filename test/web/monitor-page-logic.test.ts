/**
 * The monitors view's DOM-free parts added for managing monitors in the page (docs/monitors.md, "The page"): uptime
 * counted over runs, the list's order and label filter, the form's fields to the API's body and back, "watch this
 * chain", and a next run's real time.
 */
import { describe, expect, it } from 'vitest';
import type { MonitorBody } from '../../src/schemas/monitor.js';
import { chartPoints } from '../../src/web/client/monitors/chart-geometry.js';
import {
  fieldsFromQuery,
  fieldsOf,
  monitorInput,
  serviceProblem,
} from '../../src/web/client/monitors/monitor-input.js';
import {
  failingFirst,
  labelChoices,
  percentText,
  uptime,
  withLabel,
} from '../../src/web/client/monitors/monitor-stats.js';
import { relativeTime } from '../../src/web/client/monitors/monitor-text.js';
import { monitorsRoute, pathOf } from '../../src/web/client/monitors/route.js';
import { watchPath } from '../../src/web/client/monitors/watch-path.js';

const HOUR = 3600 * 1000;

function monitor(fields: Partial<MonitorBody>): MonitorBody {
  return {
    id: 'm',
    url: 'https://a.example/',
    expect: { failOn: 'error' },
    interval: 3600,
    alertAfter: 1,
    alertAfterInconclusive: 3,
    options: {},
    labels: {},
    paused: false,
    state: 'passed',
    lastRunAt: null,
    nextRunAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('uptime', () => {
  const now = Date.parse('2026-01-31T12:00:00Z');
  // Runs an hour apart back to 10 days ago: one failure 2 h ago, one error 3 days ago, the rest passing.
  const at: number[] = [];
  let outcomes = '';
  for (let hours = 240; hours >= 1; hours--) {
    at.push(now - hours * HOUR);
    outcomes += hours === 2 ? 'f' : hours === 72 ? 'e' : 'p';
  }

  it('is the share of passing runs in the window, each run counted (not each row of history)', () => {
    expect(uptime({ at, outcomes }, now - 24 * HOUR)).toEqual({ share: 23 / 24, runs: 24 });
    expect(uptime({ at, outcomes }, now - 7 * 24 * HOUR)).toEqual({ share: 166 / 168, runs: 168 });
    expect(uptime({ at, outcomes }, now - 30 * 24 * HOUR)).toEqual({ share: 238 / 240, runs: 240 });
    expect(uptime({ at, outcomes }, now)).toBeNull();
  });

  it('is written with two decimals and never rounded up to 100 % while a run failed', () => {
    expect(percentText(23 / 24)).toBe('95.83 %');
    expect(percentText(9999.9 / 10_000)).toBe('99.99 %');
    expect(percentText(1)).toBe('100.00 %');
  });

  it('draws each run at its time across and its duration up', () => {
    const { points, slowest } = chartPoints({ at: [0, 50, 100], durationMs: [100, 400, 200] }, 0, 100);
    expect(slowest).toBe(400);
    expect(points.map((p) => p.x)).toEqual([6, 300, 594]);
    // The slowest run touches the top of the plot; the others are below it in proportion.
    expect(points[1]?.y).toBe(8);
    expect((points[0]?.y ?? 0) > (points[2]?.y ?? 0)).toBe(true);
  });
});

describe('the list', () => {
  const list = [
    monitor({ id: 'a', url: 'https://a.example/', state: 'passed', labels: { team: 'web' } }),
    monitor({ id: 'b', url: 'https://b.example/', state: 'failed', labels: { team: 'shop' } }),
    monitor({ id: 'c', url: 'https://c.example/', state: 'errored', paused: true }),
    monitor({ id: 'd', url: 'https://d.example/', state: 'errored', labels: { team: 'web', env: 'prod' } }),
    monitor({ id: 'e', url: 'https://e.example/', state: 'pending' }),
  ];

  it('shows failing monitors first (failed and errored), then pending, passing and paused', () => {
    expect(failingFirst(list).map((m) => m.id)).toEqual(['b', 'd', 'e', 'a', 'c']);
  });

  it('filters by one name: value label, offered once each', () => {
    expect(labelChoices(list)).toEqual(['env: prod', 'team: shop', 'team: web']);
    expect(withLabel(list, 'team: web').map((m) => m.id)).toEqual(['a', 'd']);
    expect(withLabel(list, '').map((m) => m.id)).toHaveLength(5);
  });
});

describe("the form's fields", () => {
  const fields = {
    url: ' https://a.example/old ',
    target: 'https://a.example/new',
    status: '301',
    maxRedirects: '1',
    interval: '600',
    labels: 'team=web, env = prod',
    alerts: 'slack https://hooks.example/T1\nwebhook http://10.0.0.5/hook',
  };

  it('become the body of POST /api/monitors', () => {
    expect(monitorInput(fields)).toEqual({
      url: 'https://a.example/old',
      expect: { target: 'https://a.example/new', status: 301, maxRedirects: 1 },
      interval: 600,
      labels: { team: 'web', env: 'prod' },
      alerts: [
        { type: 'slack', url: 'https://hooks.example/T1' },
        { type: 'webhook', url: 'http://10.0.0.5/hook' },
      ],
    });
  });

  it('name the field they cannot read, by its API name', () => {
    expect(monitorInput({ ...fields, status: '30x' })).toMatchObject([{ parameter: 'expect.status' }]);
    expect(monitorInput({ ...fields, labels: 'team' })).toMatchObject([{ parameter: 'labels' }]);
    expect(monitorInput({ ...fields, alerts: 'slack' })).toMatchObject([{ parameter: 'alerts' }]);
  });

  it("name every field that cannot be sent at once, in words, with the service's bounds (docs/monitors.md)", () => {
    const wrong = {
      ...fields,
      url: 'a.example/old',
      target: 'ftp://a.example/new',
      status: '999',
      maxRedirects: '99',
      interval: '30',
      alerts: 'pager https://hooks.example/T1',
    };
    expect(monitorInput(wrong)).toEqual([
      { parameter: 'url', message: 'Enter a whole address, starting with https:// or http://' },
      { parameter: 'expect.target', message: 'Enter a whole address, starting with https:// or http://' },
      { parameter: 'expect.status', message: 'A status is a whole number from 100 to 599' },
      { parameter: 'expect.maxRedirects', message: 'A redirect count is a whole number from 0 to 20' },
      { parameter: 'interval', message: 'The interval is a whole number from 60 to 86400' },
      { parameter: 'alerts', message: '"pager" is not a channel: webhook, slack, teams, discord, googlechat' },
    ]);
    // The bounds themselves pass: they are the service's, declared once (src/schemas/monitor-bounds.ts).
    expect(monitorInput({ ...fields, status: '599', maxRedirects: '0', interval: '86400' })).not.toBeInstanceOf(Array);
    expect(monitorInput({ ...fields, url: '' })).toEqual([{ parameter: 'url', message: 'Enter the address to check' }]);
  });

  it("word the service's own complaint for the field it names", () => {
    expect(serviceProblem('expect.status', 'Invalid field "expect.status": must be <= 599')).toEqual({
      parameter: 'expect.status',
      message: 'Must be <= 599',
    });
  });

  it('edit a monitor keeping what the form does not show, and round-trip', () => {
    const existing = monitor({
      id: 'x',
      url: 'https://a.example/old',
      expect: { failOn: 'warning', status: 302 },
      options: { userAgent: 'bot/1' },
      paused: true,
      labels: { team: 'web' },
    });
    const body = monitorInput({ ...fieldsOf(existing), status: '301' }, existing);
    expect(body).toEqual({
      url: 'https://a.example/old',
      expect: { failOn: 'warning', status: 301 },
      interval: 3600,
      alertAfter: 1,
      alertAfterInconclusive: 3,
      options: { userAgent: 'bot/1' },
      paused: true,
      labels: { team: 'web' },
    });
  });

  it('keep an e-mail channel, which the alerts field does not show, when a monitor is edited', () => {
    const existing = monitor({
      id: 'x',
      url: 'https://a.example/old',
      alerts: [
        { type: 'email', to: ['ops@a.example'] },
        { type: 'slack', url: 'https://hooks.example/…' },
      ],
    });
    expect(fieldsOf(existing).alerts).toBe('slack https://hooks.example/…');
    expect(monitorInput(fieldsOf(existing), existing)).toMatchObject({
      alerts: [
        { type: 'email', to: ['ops@a.example'] },
        { type: 'slack', url: 'https://hooks.example/…' },
      ],
    });
  });
});

describe('watch this chain', () => {
  it('fills the form with the URL, and the final URL, first status and redirect count as the expectation', () => {
    const chain = [
      {
        url: 'http://a.example/old',
        status: 301,
        redirectType: 'permanent',
        headers: { location: 'https://a.example/old' },
      },
      { url: 'https://a.example/old', status: 308, redirectType: 'permanent', headers: { location: '/new' } },
      { url: 'https://a.example/new', status: 200, headers: {} },
    ];
    const path = watchPath({ chain, summary: { finalUrl: 'https://a.example/new' } } as never) ?? '';
    expect(monitorsRoute(path.split('?')[0] ?? '', '')).toEqual({ view: 'new' });
    expect(fieldsFromQuery(path.slice(path.indexOf('?')))).toMatchObject({
      url: 'http://a.example/old',
      target: 'https://a.example/new',
      status: '301',
      maxRedirects: '2',
    });
    expect(pathOf({ view: 'new' })).toBe('/monitors/new');
  });
});

describe('the next run', () => {
  it('says how far it is in seconds under a minute, never "just now" for a run to come', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('2026-01-01T12:00:34Z', now)).toBe('in 34 s');
    expect(relativeTime('2026-01-01T12:01:30Z', now)).toBe('in 2 min');
    expect(relativeTime('2026-01-01T11:59:50Z', now)).toBe('just now');
  });
});

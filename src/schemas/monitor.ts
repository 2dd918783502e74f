import { type Static, Type } from 'typebox';
import { LIMITS } from '../core/index.js';
import { HopSchema, IssueSchema } from './analysis-result.js';
import { MAX_URL_LENGTH } from './analyze-query.js';
import { EXPECTED_STATUS, INTERVAL, WEB_CHANNELS } from './monitor-bounds.js';
import { MonitorOptionsSchema } from './monitor-options.js';

/**
 * The schemas of monitors (docs/monitors.md): what a caller sends to create or replace one, what the API answers
 * with, and a run of its history. src/monitor validates bodies against them; the service documents its routes with
 * them.
 */

export { EXPECTED_STATUS, INTERVAL, WEB_CHANNELS } from './monitor-bounds.js';

/** Where an alert goes by HTTP: the generic signed webhook, or a chat's incoming webhook. */
export const WebAlertChannelSchema = Type.Object(
  {
    type: Type.Enum([...WEB_CHANNELS], {
      description:
        '`webhook`: signed JSON POST; `slack`, `teams` (Workflows, Adaptive Card), `discord`, `googlechat`: incoming webhooks',
    }),
    url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH, description: 'The http or https URL to POST to' }),
  },
  { additionalProperties: false },
);

/** An e-mail address as a header carries it; nodemailer checks the rest when it sends. */
const Address = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@<>,]+@[^\\s@<>,]+$' });

/** Where an alert goes by e-mail, over the instance's SMTP server (`HOPLENS_SMTP_URL`). */
export const EmailAlertChannelSchema = Type.Object(
  {
    type: Type.Literal('email'),
    to: Type.Optional(
      Type.Array(Address, { minItems: 1, maxItems: 20, description: 'Recipients (default HOPLENS_ALERT_EMAIL_TO)' }),
    ),
    from: Type.Optional(Type.String({ ...Address, description: 'Sender (default HOPLENS_ALERT_EMAIL_FROM)' })),
  },
  { additionalProperties: false },
);

/** Where an alert goes. */
export const AlertChannelSchema = Type.Union([WebAlertChannelSchema, EmailAlertChannelSchema]);

/** Bounds of the alert policy's numbers. */
export const ALERT_POLICY = Object.freeze({
  alertAfter: { min: 1, max: 100, default: 1 },
  /** Inconclusive runs (a bot wall answered) in a row before an alert: a wall comes and goes, a failure stays. */
  alertAfterInconclusive: { min: 1, max: 100, default: 3 },
  /** Minutes between reminders while a monitor keeps failing. */
  remindEvery: { min: 5, max: 7 * 24 * 60 },
  /** Minutes of a weekly maintenance window. */
  duration: { min: 1, max: 7 * 24 * 60 },
});

/** A maintenance window once, from `start` to `end` (ISO 8601 instants with an offset or `Z`). */
export const OneOffWindowSchema = Type.Object(
  {
    start: Type.String({ maxLength: 64, description: 'When the window opens (ISO 8601, with an offset or Z)' }),
    end: Type.String({ maxLength: 64, description: 'When it closes (ISO 8601)' }),
  },
  { additionalProperties: false },
);

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A maintenance window every week: on `days`, from the local `start` time in `timeZone`, for `duration` minutes. */
export const WeeklyWindowSchema = Type.Object(
  {
    days: Type.Array(Type.Enum([...WEEKDAYS]), { minItems: 1, maxItems: 7, uniqueItems: true }),
    start: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time, HH:MM' }),
    duration: Type.Integer({ ...ALERT_POLICY.duration, description: 'Minutes' }),
    timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. Europe/Paris' }),
  },
  { additionalProperties: false },
);

/** A maintenance window: runs go on, alerts wait until it closes. */
export const MaintenanceWindowSchema = Type.Union([OneOffWindowSchema, WeeklyWindowSchema]);

/** When alerts are sent: after how many failing runs, how often to remind, when to hold them. */
const alertPolicyFields = {
  alertAfter: Type.Optional(
    Type.Integer({
      minimum: ALERT_POLICY.alertAfter.min,
      maximum: ALERT_POLICY.alertAfter.max,
      default: ALERT_POLICY.alertAfter.default,
      description: 'Alert only after this many failing runs in a row',
    }),
  ),
  alertAfterInconclusive: Type.Optional(
    Type.Integer({
      minimum: ALERT_POLICY.alertAfterInconclusive.min,
      maximum: ALERT_POLICY.alertAfterInconclusive.max,
      default: ALERT_POLICY.alertAfterInconclusive.default,
      description:
        'Alert only after this many runs in a row that failed or were inconclusive (a bot wall answered), when the ' +
        'latest was inconclusive',
    }),
  ),
  remindEvery: Type.Optional(
    Type.Integer({
      minimum: ALERT_POLICY.remindEvery.min,
      maximum: ALERT_POLICY.remindEvery.max,
      description: 'Minutes between reminders while the monitor keeps failing (none when absent)',
    }),
  ),
  maintenance: Type.Optional(
    Type.Array(MaintenanceWindowSchema, {
      maxItems: 20,
      description: 'Windows during which runs go on but alerts wait until the window closes',
    }),
  ),
};

const FAIL_ON = Type.Enum(['error', 'warning', 'info'], {
  default: 'error',
  description: 'The least severe finding that fails a run: `error` (default), `warning` or `info`',
});

const expectFields = {
  target: Type.Optional(
    Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH, description: 'The final URL the chain must end at' }),
  ),
  status: Type.Optional(
    Type.Integer({
      minimum: EXPECTED_STATUS.min,
      maximum: EXPECTED_STATUS.max,
      description: "The first hop's expected status (301, 308...)",
    }),
  ),
  maxRedirects: Type.Optional(
    Type.Integer({ minimum: 0, maximum: LIMITS.maxHops.max, description: 'More redirects than this fail the run' }),
  ),
};

/** What a run must see to pass, as a caller writes it. */
export const MonitorExpectInputSchema = Type.Object(
  { ...expectFields, failOn: Type.Optional(FAIL_ON) },
  { additionalProperties: false },
);

/** What a run must see to pass, defaults applied. */
export const MonitorExpectSchema = Type.Object({ ...expectFields, failOn: FAIL_ON }, { additionalProperties: false });

// Derived from the option table; exported here too, where the rest of a monitor's schemas are.
export { MonitorOptionsSchema } from './monitor-options.js';

/** Free-form labels (`team: web`), for the operator's own grouping. */
export const LabelsSchema = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.String({ maxLength: 256 }), {
  maxProperties: 20,
  description: 'Free-form labels: names to values (at most 20; names of 64 characters, values of 256 at the most)',
});

/** The body of `POST /api/monitors` and `PUT /api/monitors/{id}`. */
export const MonitorInputSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH, description: 'The http or https URL to check' }),
    expect: Type.Optional(MonitorExpectInputSchema),
    interval: Type.Optional(
      Type.Integer({
        minimum: INTERVAL.min,
        maximum: INTERVAL.max,
        default: INTERVAL.default,
        description: 'Seconds between runs',
      }),
    ),
    options: Type.Optional(MonitorOptionsSchema),
    labels: Type.Optional(LabelsSchema),
    paused: Type.Optional(Type.Boolean({ default: false })),
    ...alertPolicyFields,
    alerts: Type.Optional(
      Type.Array(AlertChannelSchema, {
        maxItems: 10,
        description:
          "Where this monitor's alerts go, instead of the instance's HOPLENS_WEBHOOK_URL and HOPLENS_SLACK_WEBHOOK_URL",
      }),
    ),
  },
  { additionalProperties: false, description: 'A monitor as a caller writes it' },
);

/** A monitor as written by a caller. */
export type MonitorInput = Static<typeof MonitorInputSchema>;

/** How a run ended: every expectation met, one not met, or no analysis at all. */
export const OutcomeSchema = Type.Enum(['passed', 'failed', 'errored', 'inconclusive']);

/** A monitor as the API answers with it: the input with its defaults, its id, and its state. */
export const MonitorSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    expect: MonitorExpectSchema,
    interval: Type.Integer(),
    options: MonitorOptionsSchema,
    labels: LabelsSchema,
    paused: Type.Boolean(),
    alerts: Type.Optional(Type.Array(AlertChannelSchema)),
    alertAfter: Type.Integer(),
    alertAfterInconclusive: Type.Integer(),
    remindEvery: Type.Optional(Type.Integer()),
    maintenance: Type.Optional(Type.Array(MaintenanceWindowSchema)),
    state: Type.Enum(['pending', 'passed', 'failed', 'errored', 'inconclusive'], {
      description: 'The outcome of the last run; `pending` before the first',
    }),
    lastRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    nextRunAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A monitor' },
);

/** One row of a monitor's history: a run, or several identical ones in a row (`repeats`). */
export const RunSchema = Type.Object(
  {
    id: Type.String(),
    monitorId: Type.String(),
    outcome: OutcomeSchema,
    reasons: Type.Array(Type.String(), { description: 'Why the run failed or errored; empty when it passed' }),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
    finalUrl: Type.Optional(Type.String()),
    chain: Type.Array(HopSchema),
    issues: Type.Array(IssueSchema),
    startedAt: Type.String({ format: 'date-time', description: 'When the first of these identical runs started' }),
    lastAt: Type.String({ format: 'date-time', description: 'When the last of them started' }),
    repeats: Type.Integer({ minimum: 1, description: 'How many identical runs in a row this row stands for' }),
  },
  { description: 'A run of a monitor' },
);

/** Every run over a period, columnar: `at[i]`, `durationMs[i]` and `outcomes[i]` are one run. */
export const RunTicksSchema = Type.Object(
  {
    from: Type.String({ format: 'date-time', description: 'The start of the period' }),
    at: Type.Array(Type.Number(), { description: 'When each run started, ms since the epoch, oldest first' }),
    durationMs: Type.Array(Type.Integer(), { description: 'How long each run took, in ms' }),
    outcomes: Type.String({ description: 'One letter per run: `p` passed, `f` failed, `e` errored, `i` inconclusive' }),
  },
  { description: "A monitor's runs, one by one, even where identical runs share a row of history" },
);

/** An alert of a monitor as the API shows it: its webhook URL is left out (its path is a secret). */
export const AlertSentSchema = Type.Object({
  id: Type.String(),
  event: Type.String({ description: '`monitor.failing`, `monitor.recovered` or `monitor.changed`' }),
  channel: Type.String(),
  status: Type.Enum(['pending', 'sent', 'failed']),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** A page of history, newest first; `next` is the `before` of the following page. */
export const RunPageSchema = Type.Object({
  runs: Type.Array(RunSchema),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `before` for older runs; null at the end' }),
});

/** A monitor as the API answers. */
export type MonitorBody = Static<typeof MonitorSchema>;
/** A run as the API answers. */
export type RunBody = Static<typeof RunSchema>;

/** Every run over a period, as `GET /api/monitors/{id}/ticks` answers. */
export type RunTicksBody = Static<typeof RunTicksSchema>;

/** An alert as `GET /api/monitors/{id}/alerts` answers. */
export type AlertSentBody = Static<typeof AlertSentSchema>;

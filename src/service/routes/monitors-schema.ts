import { Type } from 'typebox';
import { ErrorBodySchema } from '../../schemas/error-body.js';
import {
  AlertSentSchema,
  MonitorInputSchema,
  MonitorSchema,
  RunPageSchema,
  RunSchema,
  RunTicksSchema,
} from '../../schemas/monitor.js';

/** Longest page of history. */
export const MAX_RUNS_PAGE = 100;

/** Runs per page when `limit` is not given. */
export const DEFAULT_RUNS_PAGE = 20;

const error = (description: string) => ({ ...ErrorBodySchema, description });
const security = [{ bearerAuth: [] }];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The monitor id' }) });
const common = { 401: error('No token, or a wrong one (`UNAUTHORIZED`)') };
const notFound = { 404: error('No such monitor (`NOT_FOUND`)') };
const invalid = { 400: error('A bad body (`INVALID_PARAMETER`, with `parameter` naming the field)') };

/** The query of `GET /api/monitors/{id}/runs`. */
export const RunsQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_RUNS_PAGE,
      default: DEFAULT_RUNS_PAGE,
      description: 'Runs per page, newest first',
    }),
  ),
  before: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'The `next` of the previous page: runs older than it' }),
  ),
});

/** Longest period of `GET /api/monitors/{id}/ticks`, in days, and its default (the page's longest uptime). */
export const TICK_DAYS = Object.freeze({ max: 90, default: 30 });

/** The query of `GET /api/monitors/{id}/ticks`. */
export const TicksQuerySchema = Type.Object({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: TICK_DAYS.max, default: TICK_DAYS.default, description: 'Days back from now' }),
  ),
});

function operation<Extra extends object>(operationId: string, summary: string, extra: Extra) {
  return { tags: ['monitors'], operationId, summary, security, ...extra };
}

/** The schemas of the monitors' routes, for the OpenAPI document and the responses' serialisation. */
export const MONITOR_ROUTE_SCHEMAS = {
  list: operation('listMonitors', 'List monitors', {
    response: { 200: Type.Object({ monitors: Type.Array(MonitorSchema) }), ...common },
  }),
  create: operation('createMonitor', 'Create a monitor', {
    body: MonitorInputSchema,
    response: { 201: MonitorSchema, ...invalid, ...common },
  }),
  read: operation('getMonitor', 'Read a monitor', {
    params: IdParams,
    response: { 200: MonitorSchema, ...common, ...notFound },
  }),
  replace: operation('replaceMonitor', "Replace a monitor's settings", {
    params: IdParams,
    body: MonitorInputSchema,
    response: { 200: MonitorSchema, ...invalid, ...common, ...notFound },
  }),
  remove: operation('deleteMonitor', 'Delete a monitor with its history', {
    params: IdParams,
    response: { 204: Type.Null({ description: 'Deleted' }), ...common, ...notFound },
  }),
  pause: operation('pauseMonitor', 'Pause a monitor', {
    params: IdParams,
    response: { 200: MonitorSchema, ...common, ...notFound },
  }),
  resume: operation('resumeMonitor', 'Resume a monitor (it runs at once)', {
    params: IdParams,
    response: { 200: MonitorSchema, ...common, ...notFound },
  }),
  run: operation('runMonitor', 'Run a monitor now and record the run', {
    params: IdParams,
    response: { 200: RunSchema, ...common, ...notFound },
  }),
  runs: operation('listMonitorRuns', "A monitor's history, newest first, paged", {
    params: IdParams,
    querystring: RunsQuerySchema,
    response: { 200: RunPageSchema, ...invalid, ...common, ...notFound },
  }),
  ticks: operation('listMonitorTicks', 'Every run of a monitor over the last days, one by one, oldest first', {
    params: IdParams,
    querystring: TicksQuerySchema,
    response: { 200: RunTicksSchema, ...invalid, ...common, ...notFound },
  }),
  alerts: operation('listMonitorAlerts', "A monitor's alerts and their delivery, oldest first", {
    params: IdParams,
    response: { 200: Type.Object({ alerts: Type.Array(AlertSentSchema) }), ...common, ...notFound },
  }),
};

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { MonitorSystem } from '../../monitor/index.js';
import { bearerCheck } from '../bearer-token.js';
import { invalidParameter, serviceError } from '../errors.js';
import { strictQuery } from '../query-validation.js';
import type { RenderState } from '../renderer-setup.js';
import { DEFAULT_RUNS_PAGE, MONITOR_ROUTE_SCHEMAS as S, TICK_DAYS } from './monitors-schema.js';

/** What the monitors' routes need from the app. */
export interface MonitorRoutesOptions {
  monitors: MonitorSystem;
  /** `HOPLENS_ADMIN_TOKEN`. */
  adminToken: string;
  rendering: RenderState;
}

/** A monitor asking to be rendered on an instance that does not render is refused, like `render=true`. */
function refuseRender(body: unknown, rendering: RenderState): void {
  const render = (body as { options?: { render?: unknown } } | null)?.options?.render;
  if (render === true && rendering.kind === 'off') {
    throw serviceError('RENDER_DISABLED', 'This instance does not render pages (HOPLENS_RENDER is off)', {
      parameter: 'options.render',
    });
  }
}

/**
 * `/api/monitors`: thin over src/monitor. Every route needs the admin token (401 `UNAUTHORIZED` without it). The
 * body is validated by src/monitor (so that the library and the API refuse the same bodies, naming the same field);
 * the route's body schema documents it.
 */
export async function monitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions): Promise<void> {
  const { monitors, rendering } = options;
  const authorized = bearerCheck(options.adminToken);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (authorized(request)) return;
    reply.header('www-authenticate', 'Bearer realm="hoplens monitors"');
    throw serviceError('UNAUTHORIZED', 'The monitors API needs Authorization: Bearer <HOPLENS_ADMIN_TOKEN>');
  });
  // The schemas document; they do not validate. Fastify's validator would drop unknown fields and coerce "3600" to a
  // number where src/monitor refuses both; the history's query is checked by strictQuery and runsQuery below.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/monitors', { schema: S.list }, async () => ({ monitors: await monitors.list() }));
  api.post('/monitors', { schema: S.create }, async (request, reply) => {
    refuseRender(request.body, rendering);
    return reply.code(201).send(await monitors.create(request.body));
  });
  api.get('/monitors/:id', { schema: S.read }, async (request) => monitors.get(request.params.id));
  api.put('/monitors/:id', { schema: S.replace }, async (request) => {
    refuseRender(request.body, rendering);
    return monitors.replace(request.params.id, request.body);
  });
  api.delete('/monitors/:id', { schema: S.remove }, async (request, reply) => {
    await monitors.remove(request.params.id);
    return reply.code(204).send(null);
  });
  api.post('/monitors/:id/pause', { schema: S.pause }, async (request) => monitors.setPaused(request.params.id, true));
  api.post('/monitors/:id/resume', { schema: S.resume }, async (request) =>
    monitors.setPaused(request.params.id, false),
  );
  api.post('/monitors/:id/run', { schema: S.run }, async (request) => monitors.runNow(request.params.id));
  api.get('/monitors/:id/runs', { schema: S.runs, preValidation: strictQuery(S.runs.querystring) }, async (request) => {
    const { limit, before } = runsQuery(request.query as Record<string, unknown>);
    return monitors.runs(request.params.id, limit, before);
  });
  api.get(
    '/monitors/:id/ticks',
    { schema: S.ticks, preValidation: strictQuery(S.ticks.querystring) },
    async (request) => {
      const days = (request.query as { days?: unknown }).days;
      return monitors.ticks(request.params.id, typeof days === 'number' ? days : TICK_DAYS.default);
    },
  );
  // The webhook URL is left out: its path is the channel's secret.
  api.get('/monitors/:id/alerts', { schema: S.alerts }, async (request) => ({
    // Reading the monitor first makes an unknown id a 404, not an empty list.
    alerts: (await monitors.get(request.params.id).then(() => monitors.alerts(request.params.id))).map(
      ({ url: _url, monitorId: _monitor, ...alert }) => alert,
    ),
  }));
}

/** The history's query, once strictQuery has made `limit` an integer in range. */
function runsQuery(query: Record<string, unknown>): { limit: number; before?: string } {
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_RUNS_PAGE;
  const before = query.before;
  if (before === undefined) return { limit };
  if (typeof before !== 'string' || !/^[0-9]{1,19}$/.test(before)) {
    throw invalidParameter('before', 'must be the `next` of a previous page');
  }
  return { limit, before };
}

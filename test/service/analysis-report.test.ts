/**
 * Every `/api/analyze` request is reported once, to its log line and to the metrics alike: the answered ones through
 * Fastify's onResponse, and those whose client left during the analysis by the route itself, since their answer
 * never finishes and onResponse never runs for them.
 */
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { holdingServer } from '../helpers/holding-server.js';
import { until } from '../helpers/polling.js';
import { scrape } from '../helpers/prometheus.js';
import { analyzePath, appWith, type CapturedLogs, captureLogs, listen } from '../helpers/service.js';

const cleanups = cleanupAfterEach();

async function service(): Promise<{ app: FastifyInstance; origin: string; logs: CapturedLogs }> {
  const logs = captureLogs();
  const app = await appWith({ HOPLENS_METRICS: 'on', LOG_LEVEL: 'info' }, { logStream: logs.stream });
  cleanups.push(() => app.close());
  return { app, origin: await listen(app), logs };
}

const analysisLines = (logs: CapturedLogs) => logs.lines.filter((line) => line.event === 'analysis');

describe("an analysis's report", () => {
  it('logs and counts an analysis whose client left, once, as ABORTED', async () => {
    const target = await holdingServer(cleanups);
    const { app, origin, logs } = await service();
    const controller = new AbortController();
    const path = analyzePath({ url: `${target.origin}/slow`, robots: 'false' });
    const gone = request(`${origin}${path}`, { signal: controller.signal });
    gone.catch(() => {});
    await until(() => target.held() === 1 && app.hoplens.gate.inFlight === 1);
    controller.abort();
    await until(() => analysisLines(logs).length === 1, 5000);
    expect(analysisLines(logs)[0]).toMatchObject({
      host: new URL(target.origin).host,
      status: 500,
      code: 'ABORTED',
      hops: 0,
    });
    const metrics = await scrape(origin);
    expect(metrics.value('hoplens_analyses_total', { outcome: 'ABORTED' })).toBe(1);
    expect(metrics.count('hoplens_analysis_duration_seconds')).toBe(1);
    // Nothing reports it a second time later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(analysisLines(logs)).toHaveLength(1);
  });

  it('logs and counts an answered analysis once', async () => {
    const target = await holdingServer(cleanups);
    const { origin, logs } = await service();
    const pending = request(`${origin}${analyzePath({ url: `${target.origin}/page`, robots: 'false' })}`);
    await until(() => target.held() === 1);
    target.release();
    const answer = await pending;
    expect(answer.statusCode).toBe(200);
    await answer.body.text();
    await until(() => analysisLines(logs).length === 1);
    expect(analysisLines(logs)[0]).toMatchObject({ status: 200, hops: 1 });
    expect(analysisLines(logs)[0]?.code).toBeUndefined();
    const metrics = await scrape(origin);
    expect(metrics.value('hoplens_analyses_total', { outcome: 'success' })).toBe(1);
    expect(metrics.value('hoplens_analyses_total', { outcome: 'ABORTED' })).toBe(0);
    expect(analysisLines(logs)).toHaveLength(1);
  });
});

/**
 * Helpers for service tests: configs from environment-style overrides, captured pino log lines, and
 * a small client for a listening app.
 */
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/service/app.js';
import { type Environment, loadConfig, type ServiceConfig } from '../../src/service/config.js';

/** The environment every service test starts from: loopback reachable, quiet logs. */
export const TEST_ENV: Environment = Object.freeze({
  HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
  LOG_LEVEL: 'silent',
});

/** A config parsed, like production's, from environment variables (over {@link TEST_ENV}). */
export function testConfig(env: Environment = {}): ServiceConfig {
  return loadConfig({ ...TEST_ENV, ...env });
}

/** JSON log lines written by an app built with {@link captureLogs}'s stream. */
export interface CapturedLogs {
  stream: { write(line: string): void };
  lines: Array<Record<string, unknown>>;
}

export function captureLogs(): CapturedLogs {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    stream: {
      write(line: string) {
        for (const part of line.split('\n')) if (part.trim() !== '') lines.push(JSON.parse(part));
      },
    },
  };
}

/** Builds an app from environment-style overrides; remember to close it. */
export function appWith(env: Environment = {}, deps: AppDeps = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(env), deps);
}

/** Starts `app` listening on a free loopback port and returns its origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

/** The query string of `/api/analyze` for `params` (values are encoded; repeat a key by passing an array). */
export function analyzePath(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  return `/api/analyze?${search.toString()}`;
}

/** The rate-limit headers and body of a response, for checking that they agree. */
export function rateLimitOf(response: { headers: Record<string, unknown>; body: string }) {
  const body = JSON.parse(response.body) as { rateLimit?: { limit: number; remaining: number; reset: number } };
  return {
    headers: {
      limit: Number(response.headers['x-ratelimit-limit']),
      remaining: Number(response.headers['x-ratelimit-remaining']),
      reset: Number(response.headers['x-ratelimit-reset']),
    },
    body: body.rateLimit,
  };
}

import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_SEVERITY, ISSUE_TYPES, RENDER_INCOMPLETE_REASONS } from '../../src/core/index.js';
import { ALL_SERVICE_ERROR_CODES } from '../../src/service/errors.js';
import { appWith } from '../helpers/service.js';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  additionalProperties?: Schema | boolean;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  maxLength?: number;
};
type Response = { content?: { 'application/json'?: { schema: Schema } }; headers?: Record<string, unknown> };
type Parameter = { name: string; in: string; required: boolean; schema: Schema };

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document
  let doc: any;

  beforeAll(async () => {
    app = await appWith();
    const response = await app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the API and the probes, not the page or the docs themselves', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/analyze',
      '/api/limits',
      '/api/variants',
      '/healthz',
      '/readyz',
    ]);
  });

  it('has the documented query parameters, with their defaults and ranges', () => {
    const parameters = doc.paths['/api/analyze'].get.parameters as Parameter[];
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName).sort()).toEqual([
      'asBrowser',
      'clientRedirects',
      'crawler',
      'header.accept',
      'header.accept-language',
      'header.cache-control',
      'header.pragma',
      'header.referer',
      'header.upgrade-insecure-requests',
      'http2',
      'maxHops',
      'render',
      'renderWait',
      'robots',
      'timeout',
      'url',
      'userAgent',
    ]);
    for (const parameter of parameters) expect(parameter.in).toBe('query');
    expect(byName.url).toMatchObject({ required: true, schema: { type: 'string', maxLength: 2048 } });
    expect(byName.userAgent).toMatchObject({ required: false, schema: { type: 'string', maxLength: 512 } });
    expect(byName.maxHops).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
    });
    expect(byName.timeout).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1000, maximum: 30000, default: 10000 },
    });
    expect(byName.clientRedirects).toMatchObject({ required: false, schema: { enum: ['follow', 'report'] } });
    expect(byName.render).toMatchObject({ required: false, schema: { type: 'boolean', default: false } });
    expect(byName.http2).toMatchObject({ required: false, schema: { type: 'boolean', default: true } });
    expect(byName.asBrowser).toMatchObject({ required: false, schema: { type: 'boolean', default: false } });
    expect(byName.crawler).toMatchObject({
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 64, default: 'Googlebot' },
    });
    expect(byName.renderWait).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 0, maximum: 10000, default: 3000 },
    });
  });

  it('lists every issue type with the severity it is reported with', () => {
    const ok = doc.paths['/api/analyze'].get.responses['200'] as Response;
    const result = ok.content?.['application/json']?.schema as Schema;
    const issue = (result.properties?.summary?.properties?.issues as Schema | undefined)?.items as Schema;
    const type = issue.properties?.type as Schema & { description?: string };
    expect(type.enum?.slice().sort()).toEqual([...ISSUE_TYPES].sort());
    for (const [kind, severities] of Object.entries(ISSUE_SEVERITY)) {
      expect(type.description).toContain(`\`${kind}\` (${severities.join(' or ')})`);
    }
  });

  it('describes the documented Analysis result, field by field', () => {
    const ok = doc.paths['/api/analyze'].get.responses['200'] as Response;
    const result = ok.content?.['application/json']?.schema as Schema;
    const fields = (schema: Schema | undefined) => Object.keys(schema?.properties ?? {}).sort();
    expect(fields(result)).toEqual(['chain', 'rateLimit', 'success', 'summary', 'url']);
    expect(result.required?.sort()).toEqual(['chain', 'rateLimit', 'success', 'summary', 'url']);
    expect(result.properties?.success?.type).toBe('boolean');
    expect(result.properties?.url?.type).toBe('string');

    const hop = result.properties?.chain?.items as Schema;
    expect(result.properties?.chain?.type).toBe('array');
    expect(fields(hop)).toEqual(expect.arrayContaining(['headers', 'responseTime', 'status', 'statusText', 'url']));
    expect(hop.required?.sort()).toEqual(['headers', 'responseTime', 'status', 'statusText', 'url']);
    expect(hop.properties?.status?.type).toBe('integer');
    expect(hop.properties?.responseTime?.type).toBe('integer');
    expect(hop.properties?.statusText?.type).toBe('string');
    expect(hop.properties?.headers).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });

    const summary = result.properties?.summary as Schema;
    expect(fields(summary)).toEqual([
      'canonical',
      'crawler',
      'finalStatus',
      'finalUrl',
      'hasLoop',
      'issues',
      'renderIncomplete',
      'totalHops',
      'totalTime',
    ]);
    expect(summary.required?.sort()).toEqual([
      'finalStatus',
      'finalUrl',
      'hasLoop',
      'issues',
      'totalHops',
      'totalTime',
    ]);
    expect(summary.properties?.canonical?.type).toBe('string');
    expect(summary.properties?.totalHops?.type).toBe('integer');
    expect(summary.properties?.finalStatus?.type).toBe('integer');
    expect(summary.properties?.totalTime?.type).toBe('integer');
    expect(summary.properties?.hasLoop?.type).toBe('boolean');
    expect(summary.properties?.issues?.type).toBe('array');
    expect(summary.properties?.renderIncomplete?.enum).toEqual([...RENDER_INCOMPLETE_REASONS]);
    const issue = summary.properties?.issues?.items as Schema;
    expect(issue.required).toContain('help');
    expect(issue.properties?.help?.type).toBe('string');

    const rateLimit = result.properties?.rateLimit as Schema;
    expect(fields(rateLimit)).toEqual(['limit', 'remaining', 'reset']);
    for (const field of ['limit', 'remaining', 'reset']) expect(rateLimit.properties?.[field]?.type).toBe('integer');
  });

  it('declares the rate-limit headers on every response, and Retry-After on 429 and 503', () => {
    const responses = doc.paths['/api/analyze'].get.responses as Record<string, Response>;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '429', '500', '503']);
    for (const [status, response] of Object.entries(responses)) {
      expect(Object.keys(response.headers ?? {})).toEqual(
        expect.arrayContaining([
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'RateLimit-Policy',
          'RateLimit',
        ]),
      );
      if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
    }
  });

  it('lists HEAD on /api/analyze, answering as GET does', () => {
    const path = doc.paths['/api/analyze'];
    expect(path.head).toBeDefined();
    expect(path.head.operationId).toBe('analyzeUrl-head');
    expect(Object.keys(path.head.responses).sort()).toEqual(Object.keys(path.get.responses).sort());
    expect((path.head.parameters as Parameter[]).map((parameter) => parameter.name).sort()).toEqual(
      (path.get.parameters as Parameter[]).map((parameter) => parameter.name).sort(),
    );
  });

  it('lists GET and HEAD only on /api/analyze: the 405 of the other methods is said in words, not as operations', () => {
    // The refused methods are answers, not operations a reader can use (issue 30); the 405 itself is asserted in
    // test/service/http.test.ts.
    const path = doc.paths['/api/analyze'];
    expect(Object.keys(path).sort()).toEqual(['get', 'head']);
    expect(doc.info.description).toMatch(/POST, PUT, DELETE and PATCH get a 405/);
    expect(doc.info.description).toContain('[Back to the hoplens page](/)');
  });

  it('describes the error body with every error code', () => {
    const responses = doc.paths['/api/analyze'].get.responses as Record<string, Response>;
    for (const status of ['400', '429', '500', '503']) {
      const body = responses[status]?.content?.['application/json']?.schema as Schema;
      expect(body.required?.sort()).toEqual(['error', 'success']);
      const error = body.properties?.error as Schema;
      expect(error.required?.sort()).toEqual(['code', 'message']);
      expect(error.properties?.code?.enum?.slice().sort()).toEqual([...ALL_SERVICE_ERROR_CODES].sort());
      expect(Object.keys(error.properties ?? {})).toEqual(expect.arrayContaining(['parameter', 'retryAfter', 'limit']));
      expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['rateLimit', 'chain']));
    }
  });
});

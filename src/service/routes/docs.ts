import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Package version shown in the OpenAPI document. */
export interface DocsOptions {
  version: string;
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at `/openapi.json`, and Swagger UI at `/docs` with
 * its assets served from node_modules (no CDN). Must be registered before the routes it documents. Only tagged
 * routes are documented, which leaves out the web page and the docs themselves.
 */
export async function docsRoutes(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'hoplens',
        version: options.version,
        description:
          'Redirect analysis: trace the redirect chain of a URL hop by hop and detect what is wrong with it. ' +
          'Rate-limited per client IP address (per minute and per day); every response of `/api/analyze` carries ' +
          'the rate-limit headers.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: [
        { name: 'analysis', description: 'Redirect-chain analysis' },
        { name: 'health', description: 'Probes for orchestrators' },
      ],
    },
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

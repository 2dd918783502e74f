import { existsSync, readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { docsThemeCss } from './docs-theme.js';

/** What the docs show besides the routes' schemas. */
export interface DocsOptions {
  /** Package version shown in the OpenAPI document. */
  version: string;
  /** An SVG file of the hoplens mark (the web page's favicon) for the docs' icon; without it, the plugin's own. */
  markFile?: string | undefined;
  /** The page's colour tokens (tokens.css of the built page) for the docs' theme; without it, Swagger's colours. */
  tokensFile?: string | undefined;
}

/** Where the service's own OpenAPI document is served, and what the docs page reads. */
const OPENAPI_PATH = '/openapi.json';

/** The title of the docs page. */
const DOCS_TITLE = 'hoplens API';

/**
 * The docs page's Content-Security-Policy: the page's own (src/web/plugin.ts) plus `data:` images, which Swagger UI's
 * stylesheet uses for its icons. Its scripts and styles are files served from the service; no inline script or
 * style, no other origin, no framing. `connect-src 'self'` lets it read the document and run "Try it out".
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A Swagger UI plugin that runs in the browser: the docs plugin writes `uiConfig` functions into its initializer as
 * source, so this must stay self-contained (the path is repeated, not referenced). The initializer hard-codes its
 * own `./json` copy of the document; this makes Swagger UI download the service's `/openapi.json` instead, whatever
 * URL it was asked for.
 */
function readServiceDocument() {
  return {
    statePlugins: {
      spec: { wrapActions: { download: (download: (url: string) => unknown) => () => download('/openapi.json') } },
    },
  };
}

/** The hoplens mark (the web page's favicon), when the page is built; without it the docs keep the plugin's icons. */
function hoplensMark(file: string | undefined): Buffer | undefined {
  return file !== undefined && existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * Swagger UI's options: hoplens's title and mark instead of Swagger's, no top bar (its Swagger logo carries an inline
 * style the CSP refuses, and its box invites loading any other document), the service's own document, and no
 * validator badge calling out to another origin.
 */
function swaggerUiOptions(markFile: string | undefined, tokensFile: string | undefined): FastifySwaggerUiOptions {
  const mark = hoplensMark(markFile);
  const themeCss = docsThemeCss(tokensFile);
  const css = themeCss === undefined ? {} : { css: [{ filename: 'hoplens.css', content: themeCss }] };
  const icon =
    mark === undefined
      ? {}
      : {
          favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: mark }],
        };
  return {
    routePrefix: '/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    theme: { title: DOCS_TITLE, ...icon, ...css },
    // Shown only by the top bar, which is off; set so that the initializer carries no Swagger logo either.
    ...(mark !== undefined && { logo: { type: 'image/svg+xml', content: mark } }),
    validatorUrl: false,
    uiConfig: {
      layout: 'BaseLayout',
      // Deep links draw each operation's path as a link inside its summary button: a control nested in a control,
      // which screen readers cannot reach (axe's nested-interactive, WCAG 4.1.2).
      deepLinking: false,
      plugins: [readServiceDocument],
    },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at `/openapi.json`, and Swagger UI at `/docs` with
 * its assets served from node_modules (no CDN). Must be registered before the routes it documents. Only tagged
 * routes are documented, which leaves out the web page and the docs themselves; HEAD routes are documented too.
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
          'the rate-limit headers. `/api/analyze` answers GET and HEAD only; POST, PUT, DELETE and PATCH get a 405 ' +
          'with `Allow`. [Back to the hoplens page](/).',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: [
        { name: 'analysis', description: 'Redirect-chain analysis' },
        { name: 'health', description: 'Probes for orchestrators' },
        { name: 'monitors', description: 'Saved checks on a schedule (only where HOPLENS_ADMIN_TOKEN is set)' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'HOPLENS_ADMIN_TOKEN' },
        },
      },
    },
    hideUntagged: true,
    exposeHeadRoutes: true,
  });
  await app.register(swaggerUi, swaggerUiOptions(options.markFile, options.tokensFile));
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

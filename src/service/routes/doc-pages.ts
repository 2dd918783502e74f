/**
 * The package's documentation (docs/*.md and the pages they link to, shipped in the package) as HTML pages:
 * `/docs/issues` renders docs/issues.md, with an anchor per heading as GitHub makes them (`/docs/issues#redirect_loop`), which is where
 * every finding's `help` of the form `docs/issues.md#<type>` opens from the web page. Swagger UI keeps `/docs` itself
 * and its own files (src/service/routes/docs.ts); no page of ours is named like one of them.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { docPageFiles, PACKAGE_ROOT, SCHEMA_FILE, servedLink, servedPath } from './doc-files.js';
import { docsMarkdown } from './doc-markdown.js';

/** The pages' stylesheet, a file of ours like everything the CSP lets them load. */
const STYLESHEET_PATH = '/docs/pages.css';

const STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
code,pre{font:14px ui-monospace,monospace;background:#f6f8fa}pre{padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left}
h2{border-bottom:1px solid #d0d7de;padding-bottom:.25rem}:target{background:#fff8c5}
nav{padding-bottom:.5rem;border-bottom:1px solid #d0d7de}
`;

/** Our own text and stylesheet only: no script, no other origin, no framing. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The way back from every page (issue 44: a page opened from a finding's help had none): the app, the docs, the API. */
const NAVIGATION = `<nav aria-label="hoplens"><a href="/">hoplens</a> · <a href="/docs/README">Docs</a> · <a href="/docs/cli">Command line</a> · <a href="/docs">HTTP API</a></nav>`;

/** A whole page around the rendered Markdown, titled by its first heading. */
function page(file: string, docs: ReturnType<typeof docsMarkdown>): string {
  const markdown = readFileSync(new URL(file, PACKAGE_ROOT), 'utf8');
  const title = /^# +(.+)$/m.exec(markdown)?.[1] ?? 'hoplens';
  const body = docs.render(markdown, file);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>hoplens: ${title.replace(/[<&]/g, '')}</title><link rel="stylesheet" href="${STYLESHEET_PATH}"></head>
<body>
${NAVIGATION}
<main>
${body}</main></body></html>
`;
}

/** The policy schema as the package ships it, when it does. */
function schemaFile(): string | undefined {
  try {
    return readFileSync(new URL(SCHEMA_FILE, PACKAGE_ROOT), 'utf8');
  } catch {
    return undefined;
  }
}

/** Serves every page file (`/docs/cli`, `/docs/README`...), rendered once at start-up, the schema and the stylesheet. */
export async function docPages(app: FastifyInstance): Promise<void> {
  const files = docPageFiles();
  const schema = schemaFile();
  const served = new Set(schema === undefined ? files : [...files, SCHEMA_FILE]);
  const docs = docsMarkdown((file, href) => servedLink(file, href, served));
  for (const file of files) {
    const html = page(file, docs);
    app.get(servedPath(file), { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(HEADERS).type('text/html; charset=utf-8').send(html),
    );
  }
  if (schema !== undefined) {
    app.get(servedPath(SCHEMA_FILE), { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(HEADERS).type('application/json; charset=utf-8').send(schema),
    );
  }
  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(HEADERS).type('text/css; charset=utf-8').send(STYLESHEET),
  );
}

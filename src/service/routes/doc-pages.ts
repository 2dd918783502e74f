/**
 * The package's documentation (docs/*.md, shipped in the package) as HTML pages: `/docs/issues` renders
 * docs/issues.md, with an anchor per heading as GitHub makes them (`/docs/issues#redirect_loop`), which is where
 * every finding's `help` of the form `docs/issues.md#<type>` opens from the web page. Swagger UI keeps `/docs` itself
 * and its own files (src/service/routes/docs.ts); no page of ours is named like one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DOCS_DIR } from '../../core/index.js';
import { docsMarkdown } from './doc-markdown.js';

/** Where a docs page is served: `/docs/issues` for docs/issues.md. */
export function docPagePath(name: string): string {
  return `/docs/${name}`;
}

/** The pages' stylesheet, a file of ours like everything the CSP lets them load. */
const STYLESHEET_PATH = '/docs/pages.css';

const STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
code,pre{font:14px ui-monospace,monospace;background:#f6f8fa}pre{padding:1rem;white-space:pre-wrap;overflow-wrap:anywhere}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left}
h2{border-bottom:1px solid #d0d7de;padding-bottom:.25rem}:target{background:#fff8c5}
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

/** A page's name: docs/NAME.md. */
const PAGE_FILE = /^([a-z][a-z-]*)\.md$/;

/** The docs' names (`issues`, `cli`...), or none when the package has no docs/ directory. */
function pageNames(): string[] {
  try {
    return readdirSync(DOCS_DIR).flatMap((file) => PAGE_FILE.exec(file)?.[1] ?? []);
  } catch {
    return [];
  }
}

/** A whole page around the rendered Markdown, titled by its first heading. */
function page(markdown: string, docs: ReturnType<typeof docsMarkdown>): string {
  const title = /^# +(.+)$/m.exec(markdown)?.[1] ?? 'hoplens';
  const body = docs.render(markdown);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>hoplens: ${title.replace(/[<&]/g, '')}</title><link rel="stylesheet" href="${STYLESHEET_PATH}"></head>
<body>
${body}</body></html>
`;
}

/** Serves every docs/*.md as `/docs/<name>`, rendered once at start-up, and the pages' stylesheet. */
export async function docPages(app: FastifyInstance): Promise<void> {
  const names = pageNames();
  const docs = docsMarkdown(new Set(names), docPagePath);
  for (const name of names) {
    const html = page(readFileSync(fileURLToPath(new URL(`${name}.md`, DOCS_DIR)), 'utf8'), docs);
    app.get(docPagePath(name), { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(HEADERS).type('text/html; charset=utf-8').send(html),
    );
  }
  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(HEADERS).type('text/css; charset=utf-8').send(STYLESHEET),
  );
}

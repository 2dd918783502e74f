import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** Where the built page lives: dist/web/public, next to this file once compiled. */
export const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'public');

/**
 * Serves the web page at `/`. Placeholder until the web page issue lands: answers with a short HTML note.
 */
export async function webPage(app: FastifyInstance): Promise<void> {
  app.get('/', async (_request, reply) => {
    const built = existsSync(join(PUBLIC_DIR, 'index.html'));
    return reply
      .type('text/html; charset=utf-8')
      .send(built ? 'built' : '<!doctype html><title>hoplens</title><p>hoplens: see <a href="/docs">/docs</a>.</p>');
  });
}

/**
 * Every served docs page keeps its heading anchors, links and code blocks (issue 43): the list was taken from the
 * pages as `marked` rendered them, before they moved to markdown-it, and is held in a fixture so that a change of
 * renderer (or of its slugs) cannot move a `#fragment` anyone links to.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../../src/core/index.js';
import { appWith } from '../helpers/service.js';

/** The outline of every page as `marked` rendered it (the commit before the move to markdown-it). */
const FIXTURE = fileURLToPath(new URL('./fixtures/doc-pages-outline.json', import.meta.url));

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** HTML text as the reader sees it: the entities both renderers write decoded. */
function decoded(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
}

/** What a page must keep: its headings' ids, its links' targets, and its code blocks (language and text's hash). */
function outline(html: string) {
  return {
    headings: [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => decoded(match[1]!)),
    links: [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => decoded(match[1]!)),
    code: [...html.matchAll(/<pre><code(?: class="([^"]*)")?>([\s\S]*?)<\/code><\/pre>/g)].map(
      (match) => `${match[1] ?? ''} ${createHash('sha256').update(decoded(match[2]!)).digest('hex').slice(0, 16)}`,
    ),
  };
}

describe('the served docs pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(async () => {
    await app.close();
  });

  it('keep every heading anchor, link and code block they had', async () => {
    const names = readdirSync(fileURLToPath(DOCS_DIR))
      .flatMap((file) => /^([a-z][a-z-]*)\.md$/.exec(file)?.[1] ?? [])
      .sort();
    const pages: Record<string, ReturnType<typeof outline>> = {};
    for (const name of names) {
      const page = await app.inject({ url: `/docs/${name}` });
      expect(page.statusCode, name).toBe(200);
      // The page's own content: the navigation every page shares around it is not part of its outline.
      pages[name] = outline(/<main>([\s\S]*)<\/main>/.exec(page.body)?.[1] ?? page.body);
    }
    // After a deliberate edit of the docs, `UPDATE_DOC_OUTLINE=1` writes the new outline; its diff is the review.
    if (process.env.UPDATE_DOC_OUTLINE === '1') writeFileSync(FIXTURE, `${JSON.stringify(pages, null, 2)}\n`);
    expect(pages).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  });
});

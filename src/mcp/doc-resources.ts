import { readdirSync, readFileSync } from 'node:fs';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DOCS_DIR } from '../core/index.js';

/** Where a docs page is found by clients: `hoplens://docs/cli.md`. */
export const DOCS_URI = 'hoplens://docs/';

/** The shipped docs pages (docs/*.md of the package); none when the package was installed without them. */
function docPages(): string[] {
  try {
    return readdirSync(DOCS_DIR)
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
}

/** The first heading of a page, as its title; the file name otherwise. */
function titleOf(text: string, name: string): string {
  return /^# +(.+)$/m.exec(text)?.[1]?.trim() ?? name;
}

/** Registers each shipped docs page as a resource, read from the package when a client asks for it. */
export function registerDocResources(server: McpServer): void {
  for (const name of docPages()) {
    const file = new URL(name, DOCS_DIR);
    const title = titleOf(readFileSync(file, 'utf8'), name);
    server.registerResource(
      name,
      `${DOCS_URI}${name}`,
      { title: `hoplens: ${title}`, description: `hoplens's docs/${name}`, mimeType: 'text/markdown' },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readFileSync(file, 'utf8') }] }),
    );
  }
}

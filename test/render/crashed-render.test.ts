/**
 * A page whose renderer process crashes ends its render as incomplete (`render_incomplete`, reason `crashed`), not
 * as a page that stayed put: before, the crash went unseen, the wait ran out, and the chain passed with no finding.
 * The crash is a real one: Chromium is started through a wrapper that gives its renderers a 24 MB JavaScript heap
 * (`--js-flags=--max-old-space-size=24`, a V8 flag), and the page fills it; V8 ends a renderer out of heap at once.
 * Chromium reports it on the page's session as `Inspector.targetCrashed`
 * (https://chromedevtools.github.io/devtools-protocol/tot/Inspector/#event-targetCrashed).
 */
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { ChromiumRenderer, chromiumPath } from '../../src/render/index.js';
import { tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const OPTIONS = { allowNetworks: ['127.0.0.1/32'], render: true, renderWait: 5000, timeout: 10_000, robots: false };

const PAGES: Record<string, string> = {
  // Objects, not an ArrayBuffer: they live on V8's heap, which the flag bounds, and the page yields between tasks.
  '/oom': `<script>
    var kept = [];
    function more() { for (var i = 0; i < 200000; i++) kept.push({ a: i, b: [i] }); setTimeout(more, 0); }
    more();
  </script>`,
  '/still': '<p>stays put</p>',
};

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
let analyzer: Analyzer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGES[req.url ?? '/'] ?? '<p>x</p>');
  });
  dir = await tempDir();
  const wrapper = join(dir.path, 'chromium-small-heap');
  await writeFile(wrapper, `#!/bin/sh\nexec '${chromiumPath()}' --js-flags=--max-old-space-size=24 "$@"\n`);
  await chmod(wrapper, 0o755);
  analyzer = new Analyzer({ renderer: new ChromiumRenderer({ executablePath: wrapper }) });
}, 60_000);

afterAll(async () => {
  await analyzer?.close();
  await server?.close();
  await dir?.remove();
});

describe("a render whose page's renderer crashes", () => {
  it('ends as render_incomplete (crashed), well before the wait runs out', async () => {
    const started = performance.now();
    const result = await analyzer.analyze(`${server.origin}/oom`, OPTIONS);
    const ms = performance.now() - started;
    expect(result.summary.renderIncomplete).toBe('crashed');
    const finding = result.summary.issues.find((issue) => issue.type === 'render_incomplete');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain("the page's renderer process crashed");
    expect(result.chain).toHaveLength(1);
    // Not the wait's end (10 s of load time and 5 s of wait): the crash was seen when it came.
    expect(ms).toBeLessThan(OPTIONS.timeout);
  }, 60_000);

  it('leaves the browser serving the next render, which finishes', async () => {
    const result = await analyzer.analyze(`${server.origin}/still`, { ...OPTIONS, renderWait: 200 });
    expect(result.summary.renderIncomplete).toBeUndefined();
    expect(result.summary.issues.some((issue) => issue.type === 'render_incomplete')).toBe(false);
  }, 60_000);
});

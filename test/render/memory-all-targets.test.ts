/**
 * The render's memory bound covers every process and heap a render creates (issue 41): a cross-site frame may run in
 * a renderer process of its own (site isolation) and a dedicated worker runs in a JavaScript heap of its own, and
 * before, only the page's heap was read: a cross-site frame held 2,200 MB with no `memory_limit`. Now the heaps of the
 * context's page, out-of-process frames and workers are summed. Tested with a lowered bound (128 MB, as
 * `HOPLENS_RENDER_MAX_MEMORY_MB=128` gives), never gigabytes: the frame or worker fills 64 MB a task while the page
 * itself stays small. The pages hold their load with a script never answered, so the wait cannot end before the
 * memory is read, whatever the machine's load.
 *
 * Run with both builds the renderer may use (src/render/find-chromium.ts): Debian's full `chromium` isolates the
 * cross-site frame in a process of its own (an `iframe` target); the headless shell keeps it in the page's process,
 * whose heap was read before too. On the old code the worker's render, with either build, and the frame's, with
 * the full build, ended with no `memory_limit`.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants, rssMb } from '../../bench/lib/process-tree.js';
import { Analyzer } from '../../src/index.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { becomes } from '../helpers/polling.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const BUILDS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
const BOUND = 128 * 1e6;
/** Fills 64 MB a task, up to 1 GB (never reached: the bound stops it); between tasks the memory is read. */
const FILL = `var kept = [];
  function more() {
    if (kept.length === 16) return;
    var b = new Uint8Array(64 * 1024 * 1024); b.fill(1); kept.push(b);
    setTimeout(more, 50);
  }
  more();`;
/** A script never answered: the page's load, and the wait after it, come only when its fetch times out. */
const HOLD = '<script async src="/held.js"></script>';
const OPTIONS = { allowNetworks: ['127.0.0.1/32'], render: true, renderWait: 2000, timeout: 6000, robots: false };

let server: TestServer;
const resolver = tableResolver({ 'page.test': '127.0.0.1', 'frame.test': '127.0.0.1' });
const chromiumMb = () => descendants(process.pid, 'chromium').reduce((sum, pid) => sum + rssMb(pid), 0);

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '';
    if (path === '/held.js') return; // never answered; the server's close ends the socket
    const pages: Record<string, [string, string]> = {
      '/warm': ['text/html', '<p>warm</p>'],
      '/framed': ['text/html', `${HOLD}<iframe src="http://frame.test:${server.port}/fill"></iframe>`],
      '/fill': ['text/html', `<script>${FILL}</script>`],
      '/with-worker': ['text/html', `${HOLD}<script>new Worker('/fill.js');</script>`],
      '/fill.js': ['text/javascript', FILL],
    };
    const [type, body] = pages[path] ?? ['text/plain', 'x'];
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
});
afterAll(async () => {
  await server?.close();
});

describe.each(BUILDS)('the memory bound of a render in %s', (executablePath) => {
  const present = existsSync(executablePath);
  if (!present)
    console.log(`skipped: ${executablePath} is not installed (Debian package chromium or chromium-headless-shell)`);
  const analyzer = new Analyzer({
    renderer: new ChromiumRenderer({ executablePath, bounds: { maxContextMemory: BOUND } }),
    resolver,
  });
  beforeAll(async () => {
    // The browser is started once for the renderer, not per analysis: started here, outside the figures.
    if (present) await analyzer.analyze(`http://page.test:${server.port}/warm`, { ...OPTIONS, renderWait: 100 });
  }, 60_000);
  afterAll(() => analyzer.close());

  it.skipIf(!present && process.env.CI !== 'true').each([
    ['a cross-site frame', '/framed'],
    ['a dedicated worker (its own heap)', '/with-worker'],
  ])(
    'stops %s at the bound with memory_limit, and Chromium gives the memory back',
    async (_what, path) => {
      const idle = chromiumMb();
      const result = await analyzer.analyze(`http://page.test:${server.port}${path}`, OPTIONS);
      expect(result.summary.renderIncomplete).toBe('memory_limit');
      const finding = result.summary.issues.find((issue) => issue.type === 'render_incomplete');
      expect(finding?.message).toMatch(/used more memory than a render may \(\d+ MB, more than 128 MB\)/);
      expect(result.chain).toHaveLength(1);
      // The context is closed with its processes: Chromium's summed RSS is back within 50 MB of idle within 30 s.
      expect(await becomes(() => chromiumMb() < idle + 50, 30_000)).toBe(true);
    },
    90_000,
  );
});

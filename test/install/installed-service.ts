/**
 * The installed `hoplens serve` with monitors on, and the commands that talk to it: `hoplens monitor import` creates
 * monitors through its API with the admin token and `hoplens monitor export` reads them back; its docs pages open
 * every finding's own help. Registered by test/install/pack-install.test.ts, which installs once.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_HELP, ISSUE_TYPES } from '../../src/core/index.js';
import { helpTarget } from '../../src/report/view/chain/help-target.js';
import { scrape } from '../helpers/prometheus.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { COMMAND_TIMEOUT_MS, cleanEnv, type Installed, installedBin, runInstalled } from './installed-package.js';

const TOKEN = 'install-test-admin-token-0123456789';
const METRICS_TOKEN = 'install-test-metrics-token';

/**
 * With monitors on, start-up creates and migrates the embedded database (PGlite) first: about 13 s on a loaded 2-core
 * machine, more while the whole suite runs beside it.
 */
const MONITORS_START_TIMEOUT_MS = 120_000;

export function describeInstalledService(installed: () => Installed): void {
  let serving: ServeProcess;
  let target: TestServer;

  beforeAll(async () => {
    target = await startRedirectServer({
      '/old': { status: 301, location: '/new' },
      '/new': { status: 200, body: 'new' },
    });
    serving = await startServe({
      command: installedBin(installed()),
      args: ['serve', '--port', '0', '--host', '127.0.0.1'],
      cwd: installed().app,
      env: cleanEnv({
        HOPLENS_ADMIN_TOKEN: TOKEN,
        HOPLENS_DATA_DIR: join(installed().work, 'monitors-data'),
        HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
        HOPLENS_METRICS: 'on',
        HOPLENS_METRICS_TOKEN: METRICS_TOKEN,
      }),
      timeoutMs: MONITORS_START_TIMEOUT_MS,
    });
  }, MONITORS_START_TIMEOUT_MS + COMMAND_TIMEOUT_MS);
  afterAll(async () => {
    await serving?.kill();
    await target?.close();
  });

  describe('hoplens monitor, installed, against the installed hoplens serve', () => {
    it('import creates a monitor per row through the API; export writes them back', async () => {
      const csv = join(installed().work, 'monitors.csv');
      await writeFile(csv, `source,target,status\n${target.origin}/old,/new,301\n${target.origin}/new,,\n`);
      const server = ['--server', serving.origin, '--token', TOKEN];
      const imported = await runInstalled(installed(), ['monitor', 'import', csv, '--interval', '86400', ...server]);
      expect(imported.stderr).toContain('monitors: 2 created, 0 unchanged, 0 failed');
      expect(imported.code).toBe(0);
      const exported = await runInstalled(installed(), ['monitor', 'export', ...server]);
      expect(exported.code).toBe(0);
      const { monitors } = JSON.parse(exported.stdout) as {
        monitors: Array<{ url: string; interval: number; expect: { target?: string; status?: number } }>;
      };
      expect(
        monitors.map((monitor) => [monitor.url, monitor.expect.target, monitor.expect.status, monitor.interval]).sort(),
      ).toEqual([
        [`${target.origin}/new`, undefined, undefined, 86400],
        [`${target.origin}/old`, `${target.origin}/new`, 301, 86400],
      ]);
    });
  });

  describe("hoplens serve's metrics, installed (prom-client in the bundle)", () => {
    // The text format: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
    it('serves /metrics with its token, counting an analysis', async () => {
      const before = await scrape(serving.origin, METRICS_TOKEN);
      const analysis = await request(`${serving.origin}/api/analyze?url=${encodeURIComponent(`${target.origin}/old`)}`);
      await analysis.body.dump();
      expect(analysis.statusCode).toBe(200);
      const after = await scrape(serving.origin, METRICS_TOKEN);
      const success = { outcome: 'success' };
      expect(after.value('hoplens_analyses_total', success) - before.value('hoplens_analyses_total', success)).toBe(1);
      expect(after.family('hoplens_alert_outbox_pending')?.type).toBe('GAUGE');
      const refused = await request(`${serving.origin}/metrics`);
      await refused.body.dump();
      expect(refused.statusCode).toBe(401);
    });
  });

  describe("hoplens serve's docs, installed", () => {
    it("serves docs/issues.md from the package, with every finding's help anchor", async () => {
      for (const type of ISSUE_TYPES) {
        const help = helpTarget(ISSUE_HELP[type]);
        if (!ISSUE_HELP[type].startsWith('docs/')) continue;
        expect(help.kind).toBe('link');
        const url = new URL((help as { href: string }).href, serving.origin);
        const page = await request(url);
        expect(page.statusCode, type).toBe(200);
        // A fragment names the element with that id (HTML standard, "scroll to the fragment").
        expect(await page.body.text(), type).toContain(` id="${url.hash.slice(1)}"`);
      }
    });
  });
}

/**
 * `hoplens crawl --worker` and `hoplens crawl report` from the installed package: the bundle carries the PostgreSQL
 * client (pg, bundled into the command's chunk) and says what it needs when `DATABASE_URL` is missing. Registered by
 * test/install/pack-install.test.ts, which installs once.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/redis-server.js';
import { type Installed, runInstalled } from './installed-package.js';

export function describeInstalledSharedCrawl(installed: () => Installed): void {
  describe('hoplens crawl --worker and crawl report, installed', () => {
    it('ask for DATABASE_URL, and say when its PostgreSQL cannot be reached', async () => {
      const worker = await runInstalled(installed(), ['crawl', 'http://127.0.0.1:9/', '--worker']);
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain('crawl --worker needs DATABASE_URL');
      const url = `postgres://hoplens@127.0.0.1:${await freePort()}/hoplens`;
      const report = await runInstalled(installed(), ['crawl', 'report', '--crawl-id', 'x'], {
        env: { DATABASE_URL: url },
      });
      expect(report.code).toBe(2);
      expect(report.stderr).toMatch(/cannot use DATABASE_URL's PostgreSQL: .*ECONNREFUSED/);
      const help = await runInstalled(installed(), ['crawl', 'report', '--help']);
      expect(help.stdout).toContain('--crawl-id <id>');
    });
  });
}

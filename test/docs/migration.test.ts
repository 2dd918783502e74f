/**
 * docs/migration.md cannot rot (issue 45): the whole move it walks (a crawl and logs before, coverage of the draft map,
 * suggestions, the new server checked before the switch, the switch, a crawl after and compare, monitors) runs here
 * command by command, with the built executable, Python's web server and Debian's nginx on free loopback ports; what
 * the page shows under a command must be what it prints (times and column widths aside; `...` skips lines).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../helpers/cli.js';
import { steps, Walkthrough } from '../helpers/doc-walkthrough.js';
import { NGINX_BIN } from '../helpers/nginx-process.js';

const PAGE = readFileSync(join(ROOT, 'docs', 'migration.md'), 'utf8');
const present = existsSync(NGINX_BIN);
if (!present) console.log(`skipped docs/migration.md's walkthrough: nginx is not installed (apt-get install nginx)`);

let walkthrough: Walkthrough | undefined;
afterAll(() => walkthrough?.close());

describe('docs/migration.md', () => {
  it.skipIf(!present && process.env.CI !== 'true')(
    'prints what it shows for every command, from the crawl before to the monitors after',
    async () => {
      assertBuilt();
      walkthrough = await Walkthrough.start([8000, 8001, 3000], { '/usr/sbin/nginx': NGINX_BIN });
      const all = steps(PAGE);
      const commands = all.map((step) => step.command.split(' ')[1]);
      for (const command of ['crawl', 'coverage', 'suggest', 'check', 'compare', 'monitor']) {
        expect(commands).toContain(command);
      }
      for (const step of all) {
        const { ok, message } = await walkthrough.run(step);
        expect(ok, message).toBe(true);
      }
    },
    300_000,
  );
});

/**
 * docs/quickstart.md cannot rot (issue 44): every `$ command` of its sh blocks runs here, in order, in an empty folder,
 * with `hoplens` the built executable and the page's ports (8000, 3000) swapped for free ones on loopback; what the
 * page shows under a command must be what it prints (times and column widths aside; `...` skips lines). The install
 * lines are the README's own, which test/install runs from the packed tarball.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../helpers/cli.js';
import { shBlocks, steps, Walkthrough } from '../helpers/doc-walkthrough.js';

const PAGE = readFileSync(join(ROOT, 'docs', 'quickstart.md'), 'utf8');

let walkthrough: Walkthrough | undefined;
afterAll(() => walkthrough?.close());

describe('docs/quickstart.md', () => {
  it("shows the README's own install commands", () => {
    const install = shBlocks(PAGE)[0]!.trim().split('\n');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const line of install) expect(readme).toContain(line);
  });

  it('prints what it shows for every command, against a local site and the service on loopback', async () => {
    assertBuilt();
    walkthrough = await Walkthrough.start([8000, 3000]);
    const all = steps(PAGE);
    expect(all.map((step) => step.command.split(' ')[0])).toEqual(expect.arrayContaining(['hoplens', 'curl']));
    for (const step of all) {
      const { ok, message } = await walkthrough.run(step);
      expect(ok, message).toBe(true);
    }
  }, 240_000);
});

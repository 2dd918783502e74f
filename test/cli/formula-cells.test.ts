/**
 * A CSV exported with its formulas (issue 44): a source like `=HYPERLINK("https://...")` got `https://` put in front
 * and was looked up in DNS as a host. It is refused as not a URL, on its line, and never requested; the other rows
 * are still checked. A spreadsheet writes a formula cell as its formula text when asked for formulas (OWASP, "CSV
 * Injection", https://owasp.org/www-community/attacks/CSV_Injection). Run on the built executable against loopback.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, spawnCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const dir = tempDirPerTest();
let site: TestServer;
const requested: string[] = [];

beforeAll(async () => {
  assertBuilt();
  site = await startServer((req, res) => {
    requested.push(req.url ?? '');
    res.writeHead(200);
    res.end();
  });
});

afterAll(async () => {
  await site?.close();
});

describe('a spreadsheet formula in a CSV', () => {
  it('is refused as not a URL, on its line, and only the real URL is requested', async () => {
    const path = join(dir(), 'moves.csv');
    const ok = `${site.origin}/ok`;
    await writeFile(path, `source,target\n"=HYPERLINK(""${site.origin}/x"")",${ok}\n${ok},${ok}\n`);
    const { code, stdout, stderr } = await spawnCli(['check', path, '--format', 'ndjson', '--retries', '0'], {
      timeoutMs: 30_000,
    });
    expect(stderr).toContain(
      `moves.csv:2: Not a URL: "=HYPERLINK(\\"${site.origin}/x\\")" is a spreadsheet formula: export the values, not the formulas`,
    );
    expect(stderr).not.toContain('https://=');
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { source?: string; kind?: string })
      .filter((row) => row.kind !== 'summary');
    expect(rows.map((row) => row.source)).toEqual([ok]);
    expect(requested.filter((url) => url !== '/robots.txt')).toEqual(['/ok']);
    expect(code).toBe(2);
  });
});

/**
 * Differential suite: every rules file of apache-cases.ts served by a real Apache httpd 2.4 (Debian's apache2, one
 * process for all files, a port per file) and predicted by hoplens's matcher (the one `check --samples` uses), sample
 * by sample: does a rule answer, with which status and Location. httpd is the oracle; the agreement is printed and
 * must be at least 99%, with fewer than 2% of the samples skipped (a rule hoplens says only the server can compute).
 * The documented differences are in docs/oracles/apache.md.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApache } from '../../src/inputs/formats/apache/lines.js';
import { compileApache } from '../../src/inputs/formats/apache/patterns.js';
import { type ApacheProcess, freePorts, runApache } from '../helpers/apache-process.js';
import { rawGet } from '../helpers/raw-http.js';
import { freePort } from '../helpers/redis-server.js';
import { APACHE_CASES, type ApacheCase, hoplensText, hostAndTarget } from './apache-cases.js';
import { compareRows } from './samples-rows.js';

/** What a request got, in terms both sides can give: a redirect, another status, nothing (404), or a skip. */
type Verdict = string;

/** httpd's answer, its Location read as a browser reads it (`https://b.test` + `x` is the host `b.testx`). */
function apacheVerdict(answer: { status: number; location?: string }, base: string): Verdict {
  if (answer.status === 404) return 'none';
  if (answer.location !== undefined && answer.status >= 300 && answer.status < 400)
    return `${answer.status} ${URL.canParse(answer.location, base) ? new URL(answer.location, base).href : answer.location}`;
  return `${answer.status}`;
}

function hoplensVerdict(sample: ApacheCase, port: number, request: string): Verdict {
  const [host, target] = hostAndTarget(request);
  const found = compileApache(parseApache(hoplensText(sample))).match(new URL(`http://${host}${target}`));
  if (found === undefined) return 'none';
  if ('problem' in found) return `skip (${found.problem})`;
  if (found.target === undefined) return `${found.status}`;
  try {
    const location = new URL(found.target, `http://${host}:${port}/`);
    // The sample stands for the site on port 80; httpd here listens on another port, which it puts in a Location
    // on its own site.
    if (location.origin === `http://${host.toLowerCase()}`) location.port = String(port);
    return `${found.status} ${location.href}`;
  } catch {
    return `${found.status} (not a URL) ${found.target}`;
  }
}

/** The server configuration of one case: a virtual host on its port, its rules inside or in its root's .htaccess. */
async function caseConfig(dir: string, sample: ApacheCase, port: number): Promise<string[]> {
  const root = join(dir, `root-${port}`);
  await mkdir(root, { recursive: true });
  if (sample.placement === 'htaccess') {
    await writeFile(join(root, '.htaccess'), `${sample.rules.join('\n')}\n`);
    return [
      `<VirtualHost 127.0.0.1:${port}>`,
      `DocumentRoot ${root}`,
      `<Directory ${root}>`,
      'AllowOverride All',
      'Require all granted',
      '</Directory>',
      '</VirtualHost>',
    ];
  }
  return [
    `<VirtualHost 127.0.0.1:${port}>`,
    `DocumentRoot ${root}`,
    `<Directory ${root}>`,
    'Require all granted',
    '</Directory>',
    ...sample.rules,
    '</VirtualHost>',
  ];
}

let dir: string;
let httpd: ApacheProcess | undefined;
const ports = new Map<string, number>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hoplens-apache-'));
  const body: string[] = [];
  const free = await freePorts(APACHE_CASES.length, freePort);
  for (const [index, sample] of APACHE_CASES.entries()) {
    const port = free[index]!;
    ports.set(sample.id, port);
    body.push(...(await caseConfig(dir, sample, port)));
  }
  httpd = await runApache(dir, body, [...ports.values()]);
}, 20_000);

afterAll(async () => {
  await httpd?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('hoplens against a real Apache httpd 2.4', () => {
  it('predicts what httpd answers on at least 99% of the samples, skipping fewer than 2%', async () => {
    const rows: Array<{ id: string; request: string; apache: Verdict; hoplens: Verdict }> = [];
    for (const sample of APACHE_CASES) {
      const port = ports.get(sample.id)!;
      for (const request of sample.samples) {
        const [host, target] = hostAndTarget(request);
        const apache = apacheVerdict(await rawGet(port, host, target), `http://${host}:${port}/`);
        rows.push({ id: sample.id, request, apache, hoplens: hoplensVerdict(sample, port, request) });
      }
    }
    const skipped = rows.filter((row) => row.hoplens.startsWith('skip'));
    const disagreeing = rows.filter((row) => !row.hoplens.startsWith('skip') && row.hoplens !== row.apache);
    const agreeing = rows.length - skipped.length - disagreeing.length;
    for (const row of [...disagreeing, ...skipped])
      console.log(`${row.id} ${row.request}\n  apache:  ${row.apache}\n  hoplens: ${row.hoplens}`);
    console.log(
      `Apache oracle: ${agreeing} of ${rows.length} samples agree, ${disagreeing.length} disagree, ${skipped.length} skipped`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(agreeing / rows.length).toBeGreaterThanOrEqual(0.99);
    expect(skipped.length / rows.length).toBeLessThan(0.02);
  }, 30_000);

  // `check --samples` on the same files and samples, live on the same httpd: each sample's row expects what the
  // library predicts (the rule's line, the target, the status; unmatched when no rule answers; skipped when only the
  // server decides), and the first answer httpd gave the row is that expectation. Samples on another host are left
  // out: --base-url moves every sample to one site.
  it('check --samples rows expect what the library predicts, and httpd answers it', async () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const sample of APACHE_CASES) {
      const port = ports.get(sample.id)!;
      // The HTTP client drops an empty query (`/a?`) that the raw request keeps: those samples are left out too.
      const requests = sample.samples.filter((request) => !request.includes(' ') && !request.endsWith('?'));
      const rules = compileApache(parseApache(hoplensText(sample)));
      const run = {
        file: `${join(dir, sample.id.replace(/\W/g, '-'))}.htaccess`,
        text: hoplensText(sample),
        input: 'apache' as const,
        host: 'site.test',
        base: `http://site.test:${port}`,
        requests,
      };
      const result = await compareRows(run, (url) => rules.match(url), sample.id);
      compared += result.compared;
      mismatches.push(...result.mismatches);
    }
    console.log(`check --samples: ${compared - mismatches.length} of ${compared} rows as the library predicts`);
    for (const line of mismatches) console.log(`  ${line}`);
    expect(mismatches).toEqual([]);
  }, 60_000);
});

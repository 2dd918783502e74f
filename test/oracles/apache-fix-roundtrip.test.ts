/**
 * `hoplens fix` on every rules file of the Apache differential suite (apache-cases.ts), the original and the fixed
 * file served side by side by one real httpd 2.4: for every sample, the fixed file must reach the same final URL with
 * the same final status, in no more hops than the original (one, where fix flattened the chain). httpd follows its
 * own precedence (mod_rewrite before mod_alias: https://httpd.apache.org/docs/2.4/mod/mod_alias.html#order), so a
 * fix that followed the file order instead would move a destination and fail here.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApacheProcess, freePorts, runApache } from '../helpers/apache-process.js';
import { runCli } from '../helpers/cli.js';
import { rawGet } from '../helpers/raw-http.js';
import { freePort } from '../helpers/redis-server.js';
import { APACHE_CASES, type ApacheCase, hoplensText, hostAndTarget } from './apache-cases.js';

const MAX_HOPS = 10;

/** The server configuration serving `rules` on `port`: in its root's .htaccess or in the virtual host. */
async function served(dir: string, placement: ApacheCase['placement'], rules: readonly string[], port: number) {
  const root = join(dir, `root-${port}`);
  await mkdir(root, { recursive: true });
  const head = [`<VirtualHost 127.0.0.1:${port}>`, `DocumentRoot ${root}`, `<Directory ${root}>`];
  if (placement === 'htaccess') {
    await writeFile(join(root, '.htaccess'), `${rules.join('\n')}\n`);
    return [...head, 'AllowOverride All', 'Require all granted', '</Directory>', '</VirtualHost>'];
  }
  return [...head, 'Require all granted', '</Directory>', ...rules, '</VirtualHost>'];
}

/** Where a sample ends on the server on `port`: its final URL (the port written as PORT), status and hops. */
async function follow(port: number, sample: string): Promise<{ final: string; status: number; hops: number }> {
  let [host, target] = hostAndTarget(sample);
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const answer = await rawGet(port, host, target);
    const here = `http://${host}:${port}${target}`;
    if (answer.location === undefined || answer.status < 300 || answer.status > 399)
      return { final: here.replace(`:${port}`, ':PORT'), status: answer.status, hops };
    const next = new URL(answer.location, here);
    // Only this server is asked: a Location elsewhere is where the sample ends.
    if (next.protocol !== 'http:' || next.port !== String(port))
      return { final: next.href, status: answer.status, hops: hops + 1 };
    host = next.hostname;
    target = next.pathname + next.search;
  }
  return { final: 'loop', status: 0, hops: MAX_HOPS };
}

let dir: string;
let httpd: ApacheProcess | undefined;
const fixedRules = new Map<string, string[]>();
const ports = new Map<string, [number, number]>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hoplens-apache-fix-'));
  const body: string[] = [];
  const free = await freePorts(APACHE_CASES.length * 2, freePort);
  for (const [index, sample] of APACHE_CASES.entries()) {
    const file = join(dir, `${sample.id.replace(/\W/g, '-')}.conf`);
    await writeFile(file, hoplensText(sample));
    const { code, stdout, stderr } = await runCli(['fix', file, '--input', 'apache', '--base-url', 'http://site.test']);
    if (code !== 0) throw new Error(`fix ${sample.id}: ${stderr}`);
    // The writer changes arguments only, line for line: a virtual host's rules are its lines inside the section.
    const lines = stdout.replace(/\n$/, '').split('\n');
    const fixed = sample.placement === 'vhost' ? lines.slice(1, -1) : lines;
    fixedRules.set(sample.id, fixed);
    const pair: [number, number] = [free[2 * index]!, free[2 * index + 1]!];
    ports.set(sample.id, pair);
    body.push(...(await served(dir, sample.placement, sample.rules, pair[0])));
    body.push(...(await served(dir, sample.placement, fixed, pair[1])));
  }
  httpd = await runApache(dir, body, [...ports.values()].flat());
}, 60_000);

afterAll(async () => {
  await httpd?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('hoplens fix, Apache checked live', () => {
  it('moves no destination: every sample ends where it did, with the same status, in one hop or as before', async () => {
    const moved: string[] = [];
    let flattened = 0;
    let samples = 0;
    for (const sample of APACHE_CASES) {
      const [before, after] = ports.get(sample.id)!;
      for (const request of sample.samples) {
        samples++;
        const was = await follow(before, request);
        const now = await follow(after, request);
        // Each file has its own document root, which httpd puts in front of a relative substitution without a
        // RewriteBase: the same place for both.
        const where = (end: { final: string }) => end.final.replace(/\/root-\d+\//, '/root/');
        const same = where(now) === where(was);
        // One hop where fix flattened the chain, else the hops of the rules left as written.
        const hops = now.hops <= 1 || now.hops === was.hops;
        if (!same || now.status !== was.status || now.hops > was.hops || !hops)
          moved.push(`${sample.id} ${request}: ${JSON.stringify(was)} became ${JSON.stringify(now)}`);
        else if (now.hops < was.hops) flattened++;
      }
    }
    console.log(`Apache fix round trip: ${samples} samples, ${flattened} flattened, ${moved.length} moved`);
    for (const line of moved) console.log(`  ${line}`);
    expect(moved).toEqual([]);
    expect(flattened).toBeGreaterThan(0);
  }, 60_000);
});

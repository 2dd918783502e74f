/**
 * `hoplens fix` round trip against real nginx: every rules file of the nginx oracle (nginx-cases.ts) fixed by the
 * CLI, the original and the fixed file served side by side, and every source (each rule's, and each sample path)
 * followed through both. A destination never moves: the same final URL and status; a rule's own source is reached in
 * one hop by the fixed file, unless fix left that rule as written and said so. Figures printed; docs/oracles/nginx.md.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRules } from '../../src/inputs/index.js';
import { runCli } from '../helpers/cli.js';
import { all } from '../helpers/rule-items.js';
import { NGINX_CASES } from './nginx-cases.js';
import { type ServedFiles, serveFiles } from './nginx-oracle.js';
import { follow, onHost } from './nginx-roundtrip.js';

interface FixedCase {
  original: string;
  fixed: string;
  /** The lines fix reported as left as written. */
  left: Set<number>;
  /** Each rule's source path and line. */
  sources: Array<{ path: string; line: number }>;
}

let dir: string;
let served: ServedFiles;
const fixedCases: FixedCase[] = [];

/** Runs `hoplens fix` on a case's rules, and reads the rules' sources. */
async function fixCase(rules: string, index: number): Promise<FixedCase> {
  const file = join(dir, `case-${index}.conf`);
  await writeFile(file, rules);
  const { code, stdout, stderr } = await runCli(['fix', file, '--input', 'nginx']);
  expect(code, stderr).toBe(0);
  const left = new Set([...stderr.matchAll(/:(\d+): left as written/g)].map((found) => Number(found[1])));
  const items = await all(readRules('nginx', Readable.from([rules]), { baseUrl: 'http://rules.test' }));
  const sources = items.flatMap((item) =>
    item.kind === 'row' ? [{ path: new URL(item.row.source).pathname, line: item.row.line }] : [],
  );
  return { original: rules, fixed: stdout, left, sources };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hoplens-nginx-fix-oracle-'));
  for (const [index, nginxCase] of NGINX_CASES.entries()) fixedCases.push(await fixCase(nginxCase.rules, index));
  served = await serveFiles(
    dir,
    fixedCases.flatMap((fixed, index) => {
      const ownPort = NGINX_CASES[index]!.ownPort === true ? { ownPort: true } : {};
      return [
        { host: `case${index}.test`, rules: fixed.original, ...ownPort },
        { host: `fixed${index}.test`, rules: fixed.fixed, ...ownPort },
      ];
    }),
  );
}, 60_000);

afterAll(async () => {
  await served?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('nginx oracle: hoplens fix never moves a destination', () => {
  it('every source ends where it did, rules reached in one hop unless left as written and said so', async () => {
    let checked = 0;
    let flattened = 0;
    const moved: string[] = [];
    const notFlat: string[] = [];
    for (const [index, fixed] of fixedCases.entries()) {
      const [host, fixedHost] = [`case${index}.test`, `fixed${index}.test`];
      const ruleLines = new Map(fixed.sources.map(({ path, line }) => [path, line]));
      const paths = new Set([...fixed.sources.map(({ path }) => path), ...NGINX_CASES[index]!.paths]);
      for (const path of paths) {
        checked++;
        const before = await follow(served, host, path);
        const after = onHost(await follow(served, fixedHost, path), fixedHost, host);
        if (after.final !== before.final || after.status !== before.status) {
          moved.push(`${NGINX_CASES[index]!.name}: ${path}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
        }
        const line = ruleLines.get(path);
        if (line === undefined || before.hops < 2) continue;
        if (after.hops <= 1) flattened++;
        else if (!fixed.left.has(line)) notFlat.push(`${NGINX_CASES[index]!.name}: ${path} (line ${line})`);
      }
    }
    const left = fixedCases.reduce((sum, fixed) => sum + fixed.left.size, 0);
    console.log(
      `nginx fix round trip: ${checked} sources, ${moved.length} moved, ${flattened} chains flattened to one hop, ${left} rules left as written and reported, ${notFlat.length} chains neither`,
    );
    for (const line of [...moved, ...notFlat]) console.log(`  ${line}`);
    expect(moved).toEqual([]);
    expect(notFlat).toEqual([]);
    expect(flattened).toBeGreaterThan(0);
  }, 30_000);
});

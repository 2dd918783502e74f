/**
 * Differential suite: hoplens's nginx matcher (what `check --samples` predicts) against real nginx 1.22 serving the
 * same rules, on every sample of nginx-cases.ts (each case cites the nginx documentation it restates). Figures:
 * `npx vitest run test/oracles/nginx.oracle.test.ts` prints them; docs/oracles/nginx.md lists them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawAnswer } from '../helpers/raw-http.js';
import { NGINX_CASES } from './nginx-cases.js';
import { agrees, compileNginxText, type Prediction, predict, type ServedFiles, serveFiles } from './nginx-oracle.js';
import { compareRows, sentAsWritten } from './samples-rows.js';

interface Compared {
  sample: string;
  host: string;
  prediction: Prediction;
  answer: RawAnswer;
}

const hostOf = (index: number) => `case${index}.test`;

let dir: string;
let served: ServedFiles;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hoplens-nginx-oracle-'));
  served = await serveFiles(
    dir,
    NGINX_CASES.map((nginxCase, index) => ({
      host: hostOf(index),
      rules: nginxCase.rules,
      ...(nginxCase.ownPort === true ? { ownPort: true } : {}),
    })),
  );
}, 20_000);

afterAll(async () => {
  await served?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('nginx oracle: hoplens predicts what real nginx answers', () => {
  it('agrees on at least 99% of at least 100 samples, skipping under 2%', async () => {
    const compared: Compared[] = [];
    for (const [index, nginxCase] of NGINX_CASES.entries()) {
      const host = hostOf(index);
      const compiled = await compileNginxText(nginxCase.rules);
      for (const path of nginxCase.paths) {
        const answer = await served.ask(host, path);
        compared.push({
          sample: `${nginxCase.name}: ${path}`,
          host,
          prediction: predict(compiled, host, path),
          answer,
        });
      }
    }
    const skipped = compared.filter(({ prediction }) => 'skipped' in prediction);
    const disagreed = compared.filter(
      (row) => !('skipped' in row.prediction) && !agrees(row.prediction, row.answer, row.host),
    );
    const agreed = compared.length - skipped.length - disagreed.length;
    console.log(
      `nginx oracle: ${agreed}/${compared.length} agree, ${disagreed.length} disagree, ${skipped.length} skipped`,
    );
    for (const row of disagreed) console.log('  disagree', row.sample, JSON.stringify(row.prediction), row.answer);
    for (const row of skipped) console.log('  skipped', row.sample, JSON.stringify(row.prediction));
    expect(compared.length).toBeGreaterThanOrEqual(100);
    expect(agreed / compared.length).toBeGreaterThanOrEqual(0.99);
    expect(skipped.length / compared.length).toBeLessThan(0.02);
  }, 30_000);

  // `check --samples` on the same files, live on the same nginx (each case's host on its port): each sample's row
  // expects what the library predicts, and nginx's first answer is that expectation. A path the HTTP client would
  // rewrite before sending (dot segments, an empty query, a backslash...) is left out: the raw request keeps it.
  it('check --samples rows expect what the library predicts, and nginx answers it', async () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const [index, nginxCase] of NGINX_CASES.entries()) {
      const host = hostOf(index);
      const compiled = await compileNginxText(nginxCase.rules);
      const run = {
        file: join(dir, `samples-${index}.conf`),
        text: nginxCase.rules,
        input: 'nginx' as const,
        host,
        base: `http://${host}:${served.port(host)}`,
        requests: nginxCase.paths.filter((path) => sentAsWritten(host, path)),
      };
      const result = await compareRows(run, (url) => compiled.match(url), nginxCase.name);
      compared += result.compared;
      mismatches.push(...result.mismatches);
    }
    console.log(`check --samples: ${compared - mismatches.length} of ${compared} rows as the library predicts`);
    for (const line of mismatches) console.log(`  ${line}`);
    expect(compared).toBeGreaterThanOrEqual(80);
    expect(mismatches).toEqual([]);
  }, 60_000);
});

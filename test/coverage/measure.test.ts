/**
 * A whole measure (src/coverage/run-coverage.ts) from files: a generated map of pairs and the generated combined log
 * of its traffic (test/helpers/migration-traffic.ts), counted by the log readers (src/inputs/logs) and joined. Every
 * figure is the generator's own sum: people's GETs, Googlebot's apart, the POSTs, 404s and images not counted.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCoverage } from '../../src/coverage/index.js';
import { planInput } from '../../src/inputs/index.js';
import { tempDirPerTest } from '../helpers/cli.js';
import { combinedLog, generateMigration, plantedSums } from '../helpers/migration-traffic.js';

const dir = tempDirPerTest();
const SITE = 'https://www.example.com';

describe('coverage: a measure from a map file and a generated access log', () => {
  const migration = generateMigration(2026, 300);
  const sums = plantedSums(migration.urls);

  for (const bots of ['separate', 'include', 'exclude'] as const) {
    it(`gives the planted hits, covered and uncovered, and shares (--bots ${bots})`, async () => {
      await writeFile(join(dir(), 'map.csv'), migration.csv);
      await writeFile(join(dir(), 'access.log'), combinedLog(migration, 7));
      const map = await planInput('map.csv', { baseUrl: SITE }, { cwd: dir(), offline: true });
      const stdin = new PassThrough();
      stdin.end();
      const { report } = await runCoverage(
        {
          map,
          sources: [{ kind: 'log', path: join(dir(), 'access.log') }],
          counting: { baseUrl: SITE, bots },
          top: 3,
        },
        { stdin },
      );
      const { summary } = report;
      // People's hits, bots' apart (separate); everyone's, bots' among them (include); people's alone (exclude).
      const hitsOf = (count: { hits: number; botHits: number }) =>
        bots === 'include' ? count.hits + count.botHits : count.hits;
      const botsOf = (count: { botHits: number }) => (bots === 'exclude' ? 0 : count.botHits);
      for (const kind of ['all', 'covered', 'direct', 'chained', 'uncovered'] as const) {
        expect({ hits: summary[kind].hits, botHits: summary[kind].botHits }, kind).toEqual({
          hits: hitsOf(sums[kind]),
          botHits: botsOf(sums[kind]),
        });
      }
      expect(summary.shares.covered).toBeCloseTo(hitsOf(sums.covered) / hitsOf(sums.all), 12);
      expect(summary.shares.direct).toBeCloseTo(hitsOf(sums.direct) / hitsOf(sums.all), 12);
      expect(report.traffic.counted).toBe(sums.all.hits + (bots === 'exclude' ? 0 : sums.all.botHits));
      expect(summary.topUncovered).toHaveLength(3);
      expect(report.rows.every((row) => !row.url.includes('?'))).toBe(true);
    });
  }
});

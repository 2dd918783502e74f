/**
 * The known-answer count: a combined log generated from a seeded generator, the counts it planted kept beside it,
 * and hoplens's table compared to them whole (every URL, its people's and bots' hits, every tally).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { countTraffic, type TrafficEntry } from '../../../src/inputs/logs/index.js';
import { seededRandom } from '../../helpers/seeded-random.js';

const AGENTS = {
  person: [
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ],
  bot: [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
};

interface Planted {
  text: string;
  entries: Map<string, TrafficEntry>;
  counted: number;
  botLines: number;
  assetLines: number;
  skipped: Record<string, number>;
}

/** Writes `lines` lines over `pages` pages, and keeps what each should count for. */
function generate(lines: number, pages: number, random: () => number): Planted {
  const planted: Planted = { text: '', entries: new Map(), counted: 0, botLines: 0, assetLines: 0, skipped: {} };
  const out: string[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const skip = (reason: string) => {
    planted.skipped[reason] = (planted.skipped[reason] ?? 0) + 1;
  };
  for (let index = 0; index < lines; index++) {
    if (random() < 0.01) {
      out.push('a line no format writes');
      skip('unparsable');
      continue;
    }
    // Skewed towards the first pages, as traffic is.
    const page = Math.floor(pages * random() ** 3);
    const asset = random() < 0.1;
    const path = asset
      ? `/static/p${page}.${pick(['css', 'js', 'png', 'woff2'])}`
      : `/section-${page % 7}/page-${page}`;
    const query = random() < 0.2 ? `?utm_source=s${Math.floor(random() * 5)}` : '';
    const method = pick(['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST']);
    const status = pick([200, 200, 200, 301, 304, 404, 500]);
    const bot = random() < 0.25;
    out.push(
      `198.51.100.${index % 250} - - [07/Dec/2026:06:00:00 +0000] "${method} ${path}${query} HTTP/1.1" ${status} 100 "-" "${pick(bot ? AGENTS.bot : AGENTS.person)}"`,
    );
    if (method === 'POST') skip('method');
    else if (status >= 400) skip('status');
    else if (asset) planted.assetLines++;
    else {
      const url = `https://old.example${path}`;
      const entry = planted.entries.get(url) ?? { url, hits: 0, botHits: 0 };
      if (bot) entry.botHits++;
      else entry.hits++;
      planted.entries.set(url, entry);
      planted.counted++;
      if (bot) planted.botLines++;
    }
  }
  planted.text = `${out.join('\n')}\n`;
  return planted;
}

let dir = '';
afterAll(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('the known-answer count', () => {
  it.each([7, 45])('counts a generated log (seed %i) exactly as planted', async (seed) => {
    const planted = generate(40_000, 3_000, seededRandom(seed));
    dir ||= await mkdtemp(join(tmpdir(), 'hoplens-known-'));
    const path = join(dir, `access-${seed}.log.1`);
    await writeFile(path, gzipSync(planted.text));
    const table = await countTraffic([{ kind: 'log', path }], { baseUrl: 'https://old.example' });
    const expected = [...planted.entries.values()].sort(
      (a, b) => b.hits - a.hits || b.botHits - a.botHits || (a.url < b.url ? -1 : 1),
    );
    expect(table.entries).toEqual(expected);
    expect(table).toMatchObject({
      lines: 40_000,
      counted: planted.counted,
      botLines: planted.botLines,
      assetLines: planted.assetLines,
      skipped: planted.skipped,
    });
    expect(table.entries.length).toBeGreaterThan(1_000);
  });
});

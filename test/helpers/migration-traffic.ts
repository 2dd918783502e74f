/**
 * A generated migration with known answers, for coverage tests: old URLs, each with a planted fate (redirected by the
 * map to a page it leaves alone, redirected to a URL the map redirects again, gone with 410, or left out of the map),
 * planted hits of people and of known bots, and the map and access log that say so. Seeded: the same seed gives the
 * same site, so an expected figure is the generator's sum, never a number read off hoplens.
 */
import { seededRandom } from './seeded-random.js';

/** What the map does with an old URL. */
export type Fate = 'direct' | 'chained' | 'gone' | 'unmapped';

/** One old URL and what was planted for it. */
export interface PlantedUrl {
  path: string;
  fate: Fate;
  /** The map's target (direct and chained). */
  target?: string;
  /** Where the map sends the target next (chained). */
  next?: string;
  hits: number;
  botHits: number;
}

/** A generated migration. */
export interface Migration {
  urls: PlantedUrl[];
  /** The map as CSV: source,target,status. */
  csv: string;
  /** Pages of the new site the chained targets are sent on to. */
  hops: Array<{ from: string; to: string }>;
}

const FATES: readonly Fate[] = ['direct', 'direct', 'direct', 'chained', 'gone', 'unmapped', 'unmapped'];

/** `count` old URLs with distinct paths, fates and hits from `seed`. */
export function generateMigration(seed: number, count: number): Migration {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const urls: PlantedUrl[] = [];
  const hops: Migration['hops'] = [];
  const lines = ['source,target,status'];
  for (let index = 0; index < count; index++) {
    const path = `/${pick(['blog', 'news', 'docs', 'shop'])}/${index}-${pick(['intro', 'guide', 'faq', 'pricing'])}`;
    const fate = pick(FATES);
    // Some URLs have hits of bots only, some of people only.
    const hits = random() < 0.1 ? 0 : 1 + Math.floor(random() * 40);
    const botHits = random() < 0.5 ? 0 : 1 + Math.floor(random() * 10);
    const url: PlantedUrl = { path, fate, hits: hits === 0 && botHits === 0 ? 1 : hits, botHits };
    if (fate === 'direct' || fate === 'chained') {
      url.target = `/new${path}`;
      lines.push(`${path},${url.target},301`);
    }
    if (fate === 'chained') {
      url.next = `/newer${path}`;
      hops.push({ from: url.target!, to: url.next });
      lines.push(`${url.target},${url.next},301`);
    }
    if (fate === 'gone') lines.push(`${path},,410`);
    urls.push(url);
  }
  return { urls, csv: `${lines.join('\n')}\n`, hops };
}

/** A person's browser and a known crawler, as their User-Agent headers read. */
/** A person's browser, as its user agent reads. */
export const COMBINED_PERSON = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * One request in the Combined Log Format, as Apache's documentation spells it ("Apache HTTP Server: Log Files",
 * https://httpd.apache.org/docs/2.4/logs.html#combined: `%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\"`).
 */
/** One line of the combined log (nginx's and Apache's `combined` format). */
export function combinedLine(path: string, status: number, agent: string, method = 'GET'): string {
  return `203.0.113.7 - - [07/Dec/2026:06:00:00 +0000] "${method} ${path} HTTP/1.1" ${status} 512 "-" "${agent}"`;
}

/**
 * The migration's access log: each URL's planted hits as people's GETs answered 200 (some with a query string, which
 * is dropped by default) and bots' hits, shuffled, with lines that must not count between them: a POST, a 404, an
 * image.
 */
export function combinedLog(migration: Migration, seed: number): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  for (const url of migration.urls) {
    for (let hit = 0; hit < url.hits; hit++)
      lines.push(combinedLine(hit % 3 === 0 ? `${url.path}?ref=${hit}` : url.path, 200, COMBINED_PERSON));
    for (let hit = 0; hit < url.botHits; hit++) lines.push(combinedLine(url.path, 200, CRAWLER));
    lines.push(combinedLine(url.path, 200, COMBINED_PERSON, 'POST'));
    lines.push(combinedLine(`${url.path}-missing`, 404, COMBINED_PERSON));
    lines.push(combinedLine(`${url.path}/logo.png`, 200, COMBINED_PERSON));
  }
  for (let index = lines.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [lines[index], lines[other]] = [lines[other]!, lines[index]!];
  }
  return `${lines.join('\n')}\n`;
}

/** The planted migration's counts and hits per kind of URL, from the generator's fates alone. */
export function plantedSums(urls: readonly PlantedUrl[]) {
  const of = (fates: readonly Fate[]) => {
    const chosen = urls.filter((url) => fates.includes(url.fate));
    return {
      urls: chosen.length,
      hits: chosen.reduce((total, url) => total + url.hits, 0),
      botHits: chosen.reduce((total, url) => total + url.botHits, 0),
    };
  };
  return {
    all: of(['direct', 'chained', 'gone', 'unmapped']),
    covered: of(['direct', 'chained', 'gone']),
    direct: of(['direct']),
    chained: of(['chained']),
    uncovered: of(['unmapped']),
  };
}

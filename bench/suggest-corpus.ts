/**
 * The suggestion corpus (issue 45): a synthetic site migration with known truth, on which `hoplens suggest` is
 * measured. Seeded, so a seed names one corpus for good; committed before the matcher was written or tuned.
 *
 * The old site's pages move to the new site by the patterns migrations use: date folders dropped
 * (`/2019/05/slug` → `/blog/slug`), categories renamed, extensions dropped (`.html`, `.php`), slugs edited (stop words
 * dropped, a typo fixed, words reordered), case changed, pages merged into one, paths kept; some old pages have no
 * counterpart (some of those share words with a new page), and the new site has pages of its own. Titles are given
 * where a crawl would have read them (most pages, not all), each with its site's name after it.
 *
 *   npx tsx bench/suggest-corpus.ts [folder] [seed] [old pages]
 *
 * writes old.txt and new.txt (one URL a line), old.csv and new.csv (url,title), truth.csv (source,target: one target
 * for each old URL that has a counterpart) and patterns.csv (source,pattern).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../test/helpers/seeded-random.js';

/** The seed the benchmark and its test use; two more seeds are checked beside it. */
export const SUGGEST_CORPUS_SEED = 4517;
export const OLD_ORIGIN = 'https://old.example.com';
export const NEW_ORIGIN = 'https://www.example.org';

export interface CorpusPage {
  url: string;
  title?: string;
}

export interface SuggestCorpus {
  old: CorpusPage[];
  new: CorpusPage[];
  /** Old URL → the one new URL it should go to; old URLs without a counterpart are absent. */
  truth: Map<string, string>;
  /** Old URL → how it moved (or `removed`). */
  patterns: Map<string, string>;
}

const WORDS = (
  'bread garden winter summer spring autumn coffee kitchen recipe soup salad pasta pizza cheese chocolate cake ' +
  'cookie apple lemon garlic tomato pepper onion potato rice noodle curry sauce grill oven bike trail mountain river ' +
  'lake beach island forest camping tent hiking running yoga fitness sleep health doctor dentist vitamin budget ' +
  'savings mortgage loan credit tax invoice payroll salary career resume interview hiring remote office meeting ' +
  'calendar email phone laptop tablet camera lens drone printer router wifi server cloud backup password security ' +
  'privacy cookie browser website domain hosting database query index cache kernel linux docker python rust ' +
  'javascript typescript react vue angular testing deploy release version update upgrade migration install setup ' +
  'config plugin theme widget sidebar footer header menu button form upload download export import report chart ' +
  'dashboard analytics traffic search ranking sitemap redirect link anchor image video audio podcast music guitar ' +
  'piano violin drums concert festival ticket travel flight hotel airport train station museum gallery painting ' +
  'sketch pottery knitting sewing quilt garden flower rose tulip orchid cactus tree lawn fence shed garage roof ' +
  'window door floor carpet paint wallpaper lamp sofa chair table desk shelf closet bedroom bathroom shower towel ' +
  'laundry cleaning vacuum recycling compost solar battery charger electric engine tire brake wheel parking ' +
  'insurance warranty refund shipping delivery order checkout coupon discount gift wedding birthday holiday ' +
  'christmas easter halloween puppy kitten parrot aquarium horse chicken goat farm harvest wheat barley honey ' +
  'beekeeping mushroom foraging fishing sailing kayak canoe surfing skiing snowboard skating climbing marathon'
)
  .split(' ')
  .filter((word, at, all) => all.indexOf(word) === at);

const STOP = ['the', 'a', 'to', 'for', 'and', 'of', 'in', 'with', 'your', 'on'];
const SECTIONS = ['about', 'docs', 'help', 'services', 'pages', 'support'];
/** Old category → new category (renamed in the move). */
const CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['recipes', 'cooking'],
  ['news', 'updates'],
  ['tutorials', 'guides'],
  ['reviews', 'ratings'],
  ['products', 'shop'],
  ['howto', 'learn'],
  ['events', 'whats-on'],
];
const VARIANTS = ['linux', 'mac', 'windows', 'part-1', 'part-2', 'part-3', 'beginners', 'experts'];

class Maker {
  readonly random: () => number;
  private readonly used = new Set<string>();
  constructor(seed: number) {
    this.random = seededRandom(seed);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  /** A phrase never made before: 2 to 4 words, with stop words between some of them. */
  phrase(): string[] {
    for (;;) {
      const count = 2 + Math.floor(this.random() * 3);
      const words: string[] = this.chance(0.15) ? ['how', 'to'] : [];
      for (let i = 0; i < count; i++) {
        if (i > 0 && this.chance(0.3)) words.push(this.pick(STOP));
        words.push(this.pick(WORDS));
      }
      const key = words.filter((word) => !STOP.includes(word) && word !== 'how').join('-');
      if (new Set(words).size === words.length && !this.used.has(key)) {
        this.used.add(key);
        return words;
      }
    }
  }
  date(): string {
    const year = 2012 + Math.floor(this.random() * 11);
    const month = String(1 + Math.floor(this.random() * 12)).padStart(2, '0');
    if (!this.chance(0.3)) return `${year}/${month}`;
    return `${year}/${month}/${String(1 + Math.floor(this.random() * 28)).padStart(2, '0')}`;
  }
}

function titled(words: readonly string[]): string {
  return words
    .map((word, at) => (at > 0 && STOP.includes(word) ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}

/** A typo of one long word: two letters swapped, or one dropped. */
function typo(maker: Maker, words: readonly string[]): string[] | undefined {
  const long = words.map((word, at) => (word.length >= 6 && !STOP.includes(word) ? at : -1)).filter((at) => at >= 0);
  if (long.length === 0) return undefined;
  const at = maker.pick(long);
  const word = words[at]!;
  const cut = 1 + Math.floor(maker.random() * (word.length - 3));
  const wrong = maker.chance(0.5)
    ? word.slice(0, cut) + word[cut + 1] + word[cut] + word.slice(cut + 2)
    : word.slice(0, cut) + word.slice(cut + 1);
  if (wrong === word) return undefined;
  return words.map((each, index) => (index === at ? wrong : each));
}

/** An edited slug: the old slug and the new one (stop words dropped, a typo fixed, or words reordered). */
function edited(maker: Maker, words: string[]): { old: string[]; new: string[]; edit: string } {
  const content = words.filter((word) => !STOP.includes(word) && word !== 'how');
  const roll = maker.random();
  if (roll < 0.4 && content.length < words.length) return { old: words, new: content, edit: 'stop words dropped' };
  const wrong = roll < 0.75 ? typo(maker, words) : undefined;
  if (wrong) return { old: wrong, new: words, edit: 'typo fixed' };
  if (content.length >= 2) {
    const moved = [...content.slice(1), content[0]!];
    return { old: words, new: moved, edit: 'words reordered' };
  }
  return { old: words, new: content, edit: 'stop words dropped' };
}

interface Move {
  old: string;
  new?: string;
  words: string[];
  pattern: string;
}

function moveOne(maker: Maker): Move {
  const words = maker.phrase();
  const slug = words.join('-');
  const roll = maker.random();
  const section = maker.pick(SECTIONS);
  if (roll < 0.08) return { old: `/${section}/${slug}`, new: `/${section}/${slug}`, words, pattern: 'kept' };
  if (roll < 0.35) {
    if (maker.chance(0.2)) {
      const edit = edited(maker, words);
      const to = `/blog/${edit.new.join('-')}`;
      return { old: `/${maker.date()}/${edit.old.join('-')}`, new: to, words, pattern: `date dropped, ${edit.edit}` };
    }
    return { old: `/${maker.date()}/${slug}`, new: `/blog/${slug}`, words, pattern: 'date dropped' };
  }
  if (roll < 0.5) {
    const [from, to] = maker.pick(CATEGORIES);
    const nested = maker.chance(0.4);
    const old = nested ? `/category/${from}/${slug}` : `/${from}/${slug}`;
    return { old, new: nested ? `/topics/${to}/${slug}` : `/${to}/${slug}`, words, pattern: 'category renamed' };
  }
  if (roll < 0.62) {
    const extension = maker.pick(['.html', '.php', '.htm']);
    return { old: `/${section}/${slug}${extension}`, new: `/${section}/${slug}`, words, pattern: 'extension dropped' };
  }
  if (roll < 0.78) {
    const edit = edited(maker, words);
    return {
      old: `/${section}/${edit.old.join('-')}`,
      new: `/${section}/${edit.new.join('-')}`,
      words,
      pattern: edit.edit,
    };
  }
  if (roll < 0.84) {
    const upper = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('-');
    const old = `/${section[0]!.toUpperCase()}${section.slice(1)}/${upper}`;
    return { old, new: `/${section}/${slug}`, words, pattern: 'case changed' };
  }
  return { old: `/${maker.pick([...SECTIONS, 'archive', 'old'])}/${slug}`, words, pattern: 'removed' };
}

/** Pages merged: 2 to 4 old pages (one per variant) → one new page. */
function merged(maker: Maker): { moves: Move[]; target: string; words: string[] } {
  const words = maker.phrase();
  const slug = words.join('-');
  const count = 2 + Math.floor(maker.random() * 3);
  const variants = [...VARIANTS].sort(() => maker.random() - 0.5).slice(0, count);
  const target = `/guides/${slug}`;
  const moves = variants.map((variant) => ({
    old: `/docs/${slug}-${variant}`,
    new: target,
    words: [...words, ...variant.split('-')],
    pattern: 'merged',
  }));
  return { moves, target, words };
}

/** A new page of the new site's own; some share all but one word with an old page that has no counterpart. */
function newOnly(maker: Maker, removed: readonly Move[]): CorpusPage & { words: string[] } {
  const near = removed.length > 0 && maker.chance(0.5) ? maker.pick(removed) : undefined;
  let words = maker.phrase();
  if (near && near.words.length >= 3) {
    const content = near.words.filter((word) => !STOP.includes(word) && word !== 'how');
    words = [...content.slice(0, -1), ...words.slice(-1)];
  }
  return { url: `${NEW_ORIGIN}/${maker.pick(['blog', 'guides', 'support', 'shop'])}/${words.join('-')}`, words };
}

function page(maker: Maker, url: string, words: readonly string[], site: string, share: number): CorpusPage {
  return maker.chance(share) ? { url, title: `${titled(words)} ${site}` } : { url };
}

function shuffled<T>(maker: Maker, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(maker.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The corpus of `seed`, with about `oldCount` old pages (a merge group is never split). */
export function suggestCorpus(seed: number, oldCount = 2400): SuggestCorpus {
  const maker = new Maker(seed);
  const moves: Move[] = [];
  const newPages = new Map<string, CorpusPage>();
  const oldPaths = new Set<string>();
  while (moves.length < oldCount) {
    if (maker.chance(0.04)) {
      const group = merged(maker);
      if (group.moves.some((move) => oldPaths.has(move.old))) continue;
      for (const move of group.moves) oldPaths.add(move.old);
      moves.push(...group.moves);
      newPages.set(group.target, page(maker, NEW_ORIGIN + group.target, group.words, '– Example', 0.85));
      continue;
    }
    const move = moveOne(maker);
    if (oldPaths.has(move.old) || (move.new && newPages.has(move.new))) continue;
    oldPaths.add(move.old);
    moves.push(move);
    if (move.new) newPages.set(move.new, page(maker, NEW_ORIGIN + move.new, move.words, '– Example', 0.85));
  }
  const removed = moves.filter((move) => move.new === undefined);
  for (let i = 0; i < Math.round(oldCount * 0.15); i++) {
    const extra = newOnly(maker, removed);
    const path = extra.url.slice(NEW_ORIGIN.length);
    if (!newPages.has(path)) newPages.set(path, page(maker, extra.url, extra.words, '– Example', 0.85));
  }
  const truth = new Map<string, string>();
  const patterns = new Map<string, string>();
  const old = moves.map((move) => {
    const url = OLD_ORIGIN + move.old;
    if (move.new) truth.set(url, NEW_ORIGIN + move.new);
    patterns.set(url, move.pattern);
    return page(maker, url, move.words, '| Old Blog', 0.7);
  });
  return { old: shuffled(maker, old), new: shuffled(maker, [...newPages.values()]), truth, patterns };
}

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes the corpus's files into `folder`. */
export function writeSuggestCorpus(folder: string, corpus: SuggestCorpus): void {
  mkdirSync(folder, { recursive: true });
  const lines = (rows: readonly string[]) => `${rows.join('\n')}\n`;
  const titles = (pages: readonly CorpusPage[]) =>
    lines(['url,title', ...pages.map((each) => `${csvField(each.url)},${csvField(each.title ?? '')}`)]);
  writeFileSync(join(folder, 'old.txt'), lines(corpus.old.map((each) => each.url)));
  writeFileSync(join(folder, 'new.txt'), lines(corpus.new.map((each) => each.url)));
  writeFileSync(join(folder, 'old.csv'), titles(corpus.old));
  writeFileSync(join(folder, 'new.csv'), titles(corpus.new));
  writeFileSync(
    join(folder, 'truth.csv'),
    lines(['source,target', ...[...corpus.truth].map((row) => row.map(csvField).join(','))]),
  );
  writeFileSync(
    join(folder, 'patterns.csv'),
    lines(['source,pattern', ...[...corpus.patterns].map((row) => row.map(csvField).join(','))]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [folder = 'suggest-corpus', seed = String(SUGGEST_CORPUS_SEED), count = '2400'] = process.argv.slice(2);
  const corpus = suggestCorpus(Number(seed), Number(count));
  writeSuggestCorpus(folder, corpus);
  console.log(
    `${corpus.old.length} old pages, ${corpus.new.length} new, ${corpus.truth.size} with a counterpart: ${folder}`,
  );
}

/**
 * One corpus file of a generated differential suite (test/oracles/corpus/FORMAT.json): the disagreements fuzz runs
 * found, shrunk, that the suite replays on every run. Shared by the four formats, whose entries differ only in what a
 * case holds. A missing file is an empty corpus; an unreadable one fails, never replaying nothing in silence.
 */
import { readFile, writeFile } from 'node:fs/promises';

export class CorpusFile<Entry> {
  /**
   * @param path the JSON file
   * @param key what makes two entries the same case (its text and requests, not when or how it was found)
   */
  constructor(
    readonly path: string,
    private readonly key: (entry: Entry) => unknown,
  ) {}

  async read(): Promise<Entry[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return JSON.parse(text) as Entry[];
  }

  /** Adds `entry` unless the same case is there already; says whether it was added. */
  async add(entry: Entry): Promise<boolean> {
    const corpus = await this.read();
    const key = JSON.stringify(this.key(entry));
    if (corpus.some((each) => JSON.stringify(this.key(each)) === key)) return false;
    corpus.push(entry);
    await writeFile(this.path, `${JSON.stringify(corpus, null, 2)}\n`);
    return true;
  }
}

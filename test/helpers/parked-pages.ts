/** Pages of the labelled parked-domain corpus (test/fixtures/parked-domains/), by id, for tests that serve one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export interface LabelledPage {
  id: string;
  label: 'parked' | 'ordinary';
  url: string;
  via?: string[];
  status: number;
  headers: Record<string, string>;
  body: string;
  nameServers?: string[];
}

/** The pages of one corpus file. */
export function corpusPages(file: string): LabelledPage[] {
  const text = readFileSync(join(ROOT, 'test/fixtures/parked-domains', file), 'utf8');
  return (JSON.parse(text) as { pages: LabelledPage[] }).pages;
}

/** One page of parked.json or ordinary.json, by id. */
export function labelledPage(id: string): LabelledPage {
  const found = [...corpusPages('parked.json'), ...corpusPages('ordinary.json')].find((page) => page.id === id);
  if (found === undefined) throw new Error(`no labelled page ${id}`);
  return found;
}

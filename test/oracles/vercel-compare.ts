/**
 * One generated vercel.json (vercel-generator.ts) asked of Vercel's routing code (vercel-oracle.ts: routing-utils'
 * routes for the whole file) and of hoplens's matcher (the one `check --samples` and `lint` use, through
 * `vercelFormat.parse(...).compile()`), sample by sample.
 */
import { vercelFormat } from '../../src/inputs/formats/vercel/index.js';
import { parseVercel } from '../../src/inputs/formats/vercel/read.js';
import type { RuleMatch } from '../../src/inputs/patterns/rule-match.js';
import { sameUrl } from './agreement.js';
import type { GeneratedFile } from './vercel-generator.js';
import { type VercelAnswer, vercelFileOracle } from './vercel-oracle.js';

/** One sample's outcome: what Vercel answered, what hoplens predicted, and the verdict. */
export interface Outcome {
  file: GeneratedFile;
  sample: string;
  answer: VercelAnswer | { refused: string };
  prediction: RuleMatch | undefined | { refused: string };
  verdict: 'agree' | 'skip' | 'disagree';
}

/** routing-utils logs where path-to-regexp 6.3 would convert a source otherwise: known (docs/oracles/vercel.md). */
function quietly<T>(run: () => T): T {
  const error = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = error;
  }
}

/** The lines a Vercel answer stands for in the file: its redirect's object, or a setting's key. */
function linesOf(text: string, rule: number, entryLines: readonly number[]): number[] {
  if (rule >= 0) return [entryLines[rule]!];
  const lines = text.split('\n');
  return ['"cleanUrls"', '"trailingSlash"'].map((key) => lines.findIndex((line) => line.includes(key)) + 1);
}

/** The same Location; one a client cannot resolve (`//a%2Fb` names a bad host) is compared as written. */
function sameLocation(got: string, want: string, url: URL): boolean {
  if (!URL.canParse(got, url.href) || !URL.canParse(want, url.href)) return got === want;
  return sameUrl(got, want, url.href);
}

/** The verdict for one sample: a hoplens skip is honest only where Vercel's answer depends on the request too. */
export function verdictOf(
  want: VercelAnswer,
  got: RuleMatch | undefined,
  url: URL,
  lines: () => number[],
): Outcome['verdict'] {
  if (got !== undefined && 'problem' in got) return want !== undefined && 'conditional' in want ? 'skip' : 'disagree';
  if (want === undefined) return got === undefined ? 'agree' : 'disagree';
  if ('conditional' in want || got === undefined) return 'disagree';
  // Whether Vercel passes a request's query on is its platform's, not routing-utils' (docs/oracles/vercel.md):
  // hoplens passes it on unless the destination has its own, and so it is compared.
  const withSearch = (path: string) => (url.search === '' || path.includes('?') ? path : `${path}${url.search}`);
  // The one intended difference: routing-utils writes the site's own index with both settings as `//`, hoplens `/`.
  const ownIndex = want.location === '//' && /^\/index(?:\.html)?\/?$/.test(url.pathname);
  const locations = ownIndex ? ['/'] : [want.location];
  const same =
    lines().includes(got.line) &&
    got.status === want.status &&
    locations.some((location) => sameLocation(got.target ?? '', withSearch(location), url));
  return same ? 'agree' : 'disagree';
}

/** Every sample of a file, asked of both; a file Vercel refuses must be refused by hoplens too (one outcome). */
export async function compareFile(file: GeneratedFile): Promise<Outcome[]> {
  const parsed = JSON.parse(file.text) as Record<string, unknown>;
  const oracle = quietly(() => vercelFileOracle(parsed));
  const format = await vercelFormat.parse!(file.text, { baseUrl: 'https://example.com/' } as never);
  const rules = await format.compile!();
  if (oracle.error !== undefined) {
    const refused = rules.problems.map((problem) => problem.message).join('; ');
    const verdict = refused === '' ? 'disagree' : 'agree';
    return [{ file, sample: '', answer: { refused: oracle.error }, prediction: { refused }, verdict }];
  }
  const entryLines = parseVercel(file.text).map((entry) => entry.line);
  return file.samples.map((sample) => {
    const url = new URL(sample);
    const answer = oracle.answer(url);
    const prediction = rules.match(url);
    const lines = () => (answer !== undefined && 'rule' in answer ? linesOf(file.text, answer.rule, entryLines) : []);
    return { file, sample, answer, prediction, verdict: verdictOf(answer, prediction, url, lines) };
  });
}

/** A disagreement as one line: the sample, Vercel's answer and hoplens's prediction. */
export function describeOutcome({ sample, answer, prediction }: Outcome): string {
  return `${sample || '(the file)'}: Vercel ${JSON.stringify(answer)}, hoplens ${JSON.stringify(prediction)}`;
}

/**
 * One generated Netlify file judged: each sample asked of Netlify's parser and matcher (netlify-oracle.ts) and of
 * hoplens's matcher, the one `check --samples`, `lint` and `fix` use (compileNetlify on the entries parseNetlify
 * reads, `_redirects` or `netlify.toml` alike). A sample agrees when the same rule answers (by its source as written)
 * with the same status and, for a redirect, the same target (sameUrl); it is skipped when hoplens says only the
 * visitor or the server can tell; anything else is a disagreement, with what each side said.
 */
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { type NetlifyEntry, parseNetlify } from '../../src/inputs/formats/netlify/read.js';
import type { RuleMatch } from '../../src/inputs/patterns/rule-match.js';
import { sameUrl } from './agreement.js';
import type { GeneratedFile } from './netlify-generator.js';
import { type NetlifyAnswer, netlifyOracle } from './netlify-oracle.js';

export type NetlifyVerdict = 'agree' | 'skip' | 'disagree';

export interface NetlifyOutcome {
  sample: string;
  verdict: NetlifyVerdict;
  netlify: NetlifyAnswer;
  hoplens: RuleMatch | null;
}

/** The verdict on one sample, given what each side answered and the source of hoplens's answering rule. */
function verdictOf(
  want: NetlifyAnswer,
  got: RuleMatch | undefined,
  from: string | undefined,
  url: URL,
): NetlifyVerdict {
  if (want === null) return got === undefined ? 'agree' : 'disagree';
  if (got === undefined) return 'disagree';
  if ('conditional' in want) return 'problem' in got && got.conditional === true ? 'skip' : 'disagree';
  if ('problem' in got) return got.conditional === true ? 'disagree' : 'skip';
  if (from !== want.from || got.status !== want.status) return 'disagree';
  // A 200 rewrite or a 404 page serves the request: hoplens names no target for it.
  if (got.status < 300 || got.status > 399) return 'agree';
  return sameTarget(got.target ?? '', want.to, url.origin) ? 'agree' : 'disagree';
}

/** sameUrl, or the same text where a target is no URL at all (`//?q=1`, the splat of `//` after `/`). */
function sameTarget(a: string, b: string, base: string): boolean {
  return URL.canParse(a, base) && URL.canParse(b, base) ? sameUrl(a, b, base) : a === b;
}

function sourceOn(entries: readonly NetlifyEntry[], line: number): string | undefined {
  const entry = entries.find((each) => each.line === line);
  return entry === undefined || 'error' in entry ? undefined : entry.rule.from;
}

/** Every sample of a file, judged. */
export async function judgeFile(file: GeneratedFile): Promise<NetlifyOutcome[]> {
  const oracle = await netlifyOracle(file.text, file.name);
  const entries = await parseNetlify(file.text, 'netlify');
  const rules = compileNetlify(entries);
  return file.samples.map((sample) => {
    const url = new URL(sample);
    const want = oracle.answer(url);
    const got = rules.match(url);
    const from = got === undefined ? undefined : sourceOn(entries, got.line);
    return { sample, verdict: verdictOf(want, got, from, url), netlify: want, hoplens: got ?? null };
  });
}

/** One outcome as a line: the sample and what each side said. */
export function describeOutcome(outcome: NetlifyOutcome): string {
  return `${outcome.sample}: Netlify ${JSON.stringify(outcome.netlify)}, hoplens ${JSON.stringify(outcome.hoplens)}`;
}

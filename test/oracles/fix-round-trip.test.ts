/**
 * `hoplens fix` never moves a destination (issue 26): every rules file of the Vercel and Netlify suites is fixed as
 * `hoplens fix` fixes it (its literal rows made a graph, flattened with the format's matcher, written back by the format's writer), then the
 * oracle plays the server for the original and the fixed file. From every source (each literal rule's and each
 * sample), the fixed file must reach the same final URL with the same final answer as the original, in one hop where
 * fix flattened the chain, or along the original's own hops where it left the rule as written.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { flatten } from '../../src/fix/flatten.js';
import { type CheckRow, readRules, writeRules } from '../../src/inputs/index.js';
import { compileRules } from '../../src/inputs/patterns/index.js';
import { buildRuleGraph } from '../../src/lint/index.js';
import { all, chunked } from '../helpers/rule-items.js';
import { NETLIFY_CASES } from './netlify-cases.js';
import { netlifyOracle } from './netlify-oracle.js';
import { VERCEL_CASES } from './vercel-cases.js';
import { vercelOracle } from './vercel-oracle.js';

const BASE = 'https://site.test';

/** A server's one answer: a redirect's status and absolute Location, or the final answer (a page, 404...). */
type Step = { redirect: true; status: number; to: string } | { redirect: false; status: number };
type Server = (url: URL) => Step;

/** Where a source ends on `server`: the final URL and answer, and how many redirects it took (ten at most). */
function walk(server: Server, start: string): { final: string; status: number; hops: number } {
  let url = new URL(start, BASE);
  for (let hops = 0; hops < 10; hops += 1) {
    const step = server(url);
    // Only this site's rules answer: a redirect to another origin ends there.
    if (!step.redirect) return { final: url.href, status: step.status, hops };
    url = new URL(step.to, url);
    if (url.origin !== BASE) return { final: url.href, status: 200, hops: hops + 1 };
  }
  return { final: url.href, status: -1, hops: 10 };
}

const redirect = (status: number) => status >= 300 && status <= 399;

function vercelServer(redirects: unknown[]): Server {
  const oracle = vercelOracle(redirects);
  return (url) => {
    const found = oracle.answer(url);
    if (found === undefined || 'conditional' in found) return { redirect: false, status: 200 };
    return redirect(found.status)
      ? { redirect: true, status: found.status, to: found.location }
      : { redirect: false, status: found.status };
  };
}

async function netlifyServer(text: string, toml?: true): Promise<Server> {
  const oracle = await netlifyOracle(text, toml ? 'netlify.toml' : '_redirects');
  return (url) => {
    const found = oracle.answer(url);
    if (found === null || 'conditional' in found) return { redirect: false, status: 200 };
    return redirect(found.status)
      ? { redirect: true, status: found.status, to: found.to }
      : { redirect: false, status: found.status };
  };
}

/** The file as `hoplens fix` writes it, and the sources of its literal rules. */
async function fixed(
  format: 'vercel' | 'netlify',
  text: string,
): Promise<{ text: string; sources: string[]; edited: number }> {
  const items = await all(readRules(format, chunked(text), { baseUrl: `${BASE}/`, keepShadowed: true }));
  const rows = items.flatMap((item): CheckRow[] => (item.kind === 'row' ? [item.row] : []));
  // As `hoplens fix` does (src/cli/commands/fix.ts): chains followed with the format's own matcher, not the file order.
  const rules = await compileRules(format, Readable.from([text]));
  const { edits } = flatten(buildRuleGraph(rows, BASE), undefined, rules);
  const out = edits.length === 0 ? text : await writeRules(format, text, edits, {});
  if (out === undefined) throw new Error(`no writer for ${format}`);
  return { text: out, sources: rows.map((row) => row.source), edited: edits.length };
}

/** Compares the two servers from every source; returns the problems, and how many chains were flattened. */
function compare(before: Server, after: Server, sources: string[]) {
  const problems: string[] = [];
  let flattened = 0;
  for (const source of new Set(sources)) {
    const was = walk(before, source);
    const now = walk(after, source);
    if (now.final !== was.final || now.status !== was.status) {
      problems.push(`${source}: was ${was.final} (${was.status}), now ${now.final} (${now.status})`);
    } else if (now.hops > was.hops) problems.push(`${source}: ${was.hops} hops became ${now.hops}`);
    else if (now.hops === 1 && was.hops > 1) flattened += 1;
    else if (now.hops > 1 && now.hops !== was.hops)
      problems.push(`${source}: ${now.hops} hops, neither one nor left as written`);
  }
  return { problems, flattened };
}

describe('fix round trip, the oracle playing the server', () => {
  it('moves no destination in any Vercel file of the suite', async () => {
    let flattened = 0;
    for (const { name, redirects, samples } of VERCEL_CASES) {
      const text = JSON.stringify({ redirects }, null, 2);
      const fix = await fixed('vercel', text);
      const after = (JSON.parse(fix.text) as { redirects: unknown[] }).redirects;
      const result = compare(vercelServer(redirects), vercelServer(after), [...fix.sources, ...samples]);
      expect(result.problems, name).toEqual([]);
      flattened += result.flattened;
    }
    console.log(
      `vercel fix round trip: ${VERCEL_CASES.length} files, ${flattened} chains flattened to one hop, no destination moved`,
    );
  });

  it('moves no destination in any Netlify file of the suite', async () => {
    let flattened = 0;
    for (const { name, text, samples, toml } of NETLIFY_CASES) {
      const fix = await fixed('netlify', text);
      const result = compare(await netlifyServer(text, toml), await netlifyServer(fix.text, toml), [
        ...fix.sources,
        ...samples,
      ]);
      expect(result.problems, name).toEqual([]);
      flattened += result.flattened;
    }
    console.log(
      `netlify fix round trip: ${NETLIFY_CASES.length} files, ${flattened} chains flattened to one hop, no destination moved`,
    );
  });
});

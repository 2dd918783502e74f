/**
 * Lint matches a rules file in slices (src/lint/time-slices.ts), giving the event loop a turn between them: the CLI's
 * Ctrl-C and SIGTERM handlers (src/cli/main.ts) and an MCP client's cancellation then stop it, and nothing else has to
 * take the signals away from their handlers (which once dropped a SIGTERM: test/cli/regex-budget.test.ts). Told
 * without timing: each stop is scheduled for the lint's first turn, which a lint holding the thread to its end never
 * gave, and what is found does not depend on where the turns fell.
 */
import { describe, expect, it } from 'vitest';
import { isOrdered, readRules } from '../../src/inputs/index.js';
import { compileRules } from '../../src/inputs/patterns/index.js';
import { type LintOptions, lintRules } from '../../src/lint/index.js';
import { all, chunked } from '../helpers/rule-items.js';

const SITE = 'https://site.example';
const A30 = 'a'.repeat(30);
/**
 * 300 backreference rules that run to their step bound, each followed by a literal rule lint matches against them;
 * then a pattern that answers a literal rule first, and a chain.
 */
const RUNAWAY = `${Array.from(
  { length: 300 },
  (_, index) => `RedirectMatch 301 ^/(a+)+\\1b${index}$ /x${index}\nRedirect 301 /${A30}b${index}X /y${index}\n`,
).join('')}RedirectMatch 301 ^/blog/(.*)$ /news/$1
Redirect 301 /blog/old /elsewhere
Redirect 301 /c1 /c2
Redirect 301 /c2 /c3
`;

/** The Apache file's rows and its compiled matcher, as `hoplens lint` reads them. */
async function runaway() {
  const items = await all(readRules('apache', chunked(RUNAWAY, 4096), { baseUrl: `${SITE}/`, keepShadowed: true }));
  const rows = items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
  const rules = await compileRules('apache', chunked(RUNAWAY, 4096));
  return { rows, options: { ordered: isOrdered('apache'), siteOrigin: SITE, rules } satisfies LintOptions };
}

describe('lint in time slices', () => {
  it('stops at its first turn once the signal is aborted, rejecting with its reason', async () => {
    const { rows, options } = await runaway();
    const controller = new AbortController();
    const reason = new Error('SIGTERM');
    // Runs at the lint's first turn of the event loop: before it, nothing else runs.
    setImmediate(() => controller.abort(reason));
    await expect(lintRules(rows, { ...options, signal: controller.signal })).rejects.toBe(reason);
  }, 60_000);

  it('lets the event loop run while it matches, and the turns change nothing it finds or skips', async () => {
    const sliced = await runaway();
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const findings = await lintRules(sliced.rows, sliced.options);
    counting = false;
    expect(turns).toBeGreaterThan(1);
    expect(findings.map((finding) => `${finding.line} ${finding.kind}`)).toEqual(['602 shadowed', '603 chain']);
    expect(sliced.options.rules.skipped.entries).toHaveLength(300);
    // The same file linted again with the event loop left alone: the bound is in steps
    // (src/inputs/patterns/server-regex.ts), not time, so the turns change nothing found or skipped.
    const again = await runaway();
    expect(await lintRules(again.rows, again.options)).toEqual(findings);
    expect(again.options.rules.skipped.entries).toEqual(sliced.options.rules.skipped.entries);
  }, 60_000);
});

/**
 * The tally of a differential suite: each sample is an agreement, a disagreement (with what each side said) or a
 * skip (hoplens says only the server can tell: not an agreement). Issue 26 asks for at least 99% agreement and
 * under 2% skips over at least 100 samples.
 */

export type Verdict = { kind: 'agree' } | { kind: 'skip'; why: string } | { kind: 'disagree'; why: string };

export interface Tally {
  total: number;
  agreed: number;
  skipped: number;
  disagreements: string[];
  skips: string[];
}

export function newTally(): Tally {
  return { total: 0, agreed: 0, skipped: 0, disagreements: [], skips: [] };
}

export function count(tally: Tally, label: string, verdict: Verdict): void {
  tally.total += 1;
  if (verdict.kind === 'agree') tally.agreed += 1;
  else if (verdict.kind === 'skip') {
    tally.skipped += 1;
    tally.skips.push(`${label}: ${verdict.why}`);
  } else tally.disagreements.push(`${label}: ${verdict.why}`);
}

/** The figures, printed by the suite (`npx vitest run test/oracles`). */
export function summary(name: string, tally: Tally): string {
  const percent = (n: number) => ((100 * n) / tally.total).toFixed(1);
  return [
    `${name}: ${tally.agreed}/${tally.total} samples agree (${percent(tally.agreed)}%), ${tally.skipped} skipped (${percent(tally.skipped)}%), ${tally.disagreements.length} disagree`,
    ...tally.disagreements.map((line) => `  disagree ${line}`),
    ...tally.skips.map((line) => `  skip ${line}`),
  ].join('\n');
}

/** The same URL, however each side writes it (relative or absolute, escapes normalised by the URL parser). */
export function sameUrl(a: string, b: string, base: string): boolean {
  return new URL(a, base).href === new URL(b, base).href;
}

/**
 * Refuses keys an options object does not know (issue 44): `analyze(url, { maxHop: 3 })` was silently ignored, a typo
 * the reader never learns of. The error names the key and the nearest known one, as the CLI and the API refuse theirs.
 */
import { invalidOption } from './errors.js';

/** The number of single-letter edits (insert, delete, replace) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const replace = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, replace));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name closest to `key`, when it is close enough to be a typo of it (a third of its letters at most). */
export function nearestName(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : undefined;
}

/**
 * Throws `INVALID_OPTION` naming the first key of `given` that `known` lacks, and the known one it is likely a typo of.
 * A key set to `undefined` asks for nothing, so it is let pass (a spread of optional values writes such keys).
 */
export function refuseUnknownKeys(given: object, known: ReadonlySet<string>): void {
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined || known.has(key)) continue;
    const nearest = nearestName(key, [...known]);
    const hint = nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
    throw invalidOption(key, `is not an option${hint}`);
  }
}

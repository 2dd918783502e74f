import type { Readable } from 'node:stream';
import { type InputPlan, type InputsError, OFFLINE_SITE, readRulesFile } from '../inputs/index.js';
import { type MapLookup, onOfflineSite, pairLookup, ruleLookup } from './map-lookup.js';

/** A map read for coverage: how it answers a URL, and what of it could not be used. */
export interface CoverageMap {
  lookup: MapLookup;
  /** How it matches: the format's own matcher (rules with patterns), or exact pairs. */
  matching: 'rules' | 'pairs';
  /** Rules or pairs read. */
  rules: number;
  /** Lines that could not be read, with why. */
  invalid: Array<{ line: number; message: string }>;
  /** Rules the reader skipped (a pattern of a format hoplens matches only literally), with why. */
  skipped: Array<{ line: number; reason: string }>;
  /** The error that stopped the reading early: the rules before it stand. */
  inputError?: InputsError;
}

/**
 * Reads the map as `check` and `lint` read it (src/inputs: the one planning, a rules file parsed once): a format with
 * pattern rules (netlify, vercel, apache, nginx) answers with its own matcher, the one `check --samples` uses; any
 * other (a CSV, a list, a rule format without patterns) by exact pairs.
 */
export async function readMap(plan: InputPlan, stream: Readable): Promise<CoverageMap> {
  const loaded = await readRulesFile(plan, stream);
  const compiled = loaded.compiled;
  const own = compiled === undefined ? pairLookup(loaded.rows) : ruleLookup(compiled);
  const offline = plan.readOptions.baseUrl !== undefined && new URL(plan.readOptions.baseUrl).origin === OFFLINE_SITE;
  const map: CoverageMap = {
    lookup: offline ? onOfflineSite(own) : own,
    matching: compiled === undefined ? 'pairs' : 'rules',
    rules: compiled?.size ?? loaded.rows.length,
    invalid: problemsOf(loaded.invalid, compiled?.problems ?? []),
    // A format with patterns skips them as rows, but its matcher answers them: nothing of it is left unmatched.
    skipped: compiled === undefined ? loaded.skipped.map(({ line, reason }) => ({ line, reason })) : [],
  };
  if (loaded.inputError !== undefined) map.inputError = loaded.inputError;
  return map;
}

/** The lines the reader could not read, and the rules the matcher could not compile, each line once. */
function problemsOf(
  invalid: ReadonlyArray<{ line: number; message: string }>,
  problems: ReadonlyArray<{ line: number; message: string }>,
): Array<{ line: number; message: string }> {
  const byLine = new Map(invalid.map((item) => [item.line, item.message]));
  for (const problem of problems) if (!byLine.has(problem.line)) byLine.set(problem.line, problem.message);
  return [...byLine].sort((a, b) => a[0] - b[0]).map(([line, message]) => ({ line, message }));
}

/** Median and spread of repeated measurements: the machine is shared and noisy, so single figures lie. */
export interface Stat {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function stat(values: readonly number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** `12.3 (11.9–13.0)`: median with the range of the runs. */
export function show(value: Stat, digits = 1): string {
  if (value.runs === 1) return value.median.toFixed(digits);
  return `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function repeat(times: number, measure: () => Promise<number>): Promise<Stat> {
  const values: number[] = [];
  for (let i = 0; i < times; i++) values.push(await measure());
  return stat(values);
}

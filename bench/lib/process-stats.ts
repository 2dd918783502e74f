import { readFileSync } from 'node:fs';

/** Resident memory of a process from /proc, in MB: current (VmRSS) and peak (VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's peak RSS until stopped; the last sample before exit is its high-water mark. */
export function watchPeak(pid: number, everyMs = 100) {
  let peak = 0;
  const sample = () => {
    const memory = memoryOf(pid);
    if (memory !== undefined) peak = Math.max(peak, memory.peak);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop(): number {
      sample();
      clearInterval(timer);
      return peak;
    },
  };
}

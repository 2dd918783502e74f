/** Resource figures of a process read from /proc (Linux): open file descriptors, sockets and resident memory. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

type Pid = number | 'self';

/** Open file descriptors of `pid` (default: this process). */
export function openFds(pid: Pid = 'self'): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Open sockets of `pid`: the descriptors that point at a socket. */
export function openSockets(pid: Pid = 'self'): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) count++;
    } catch {
      // Closed between the listing and the look.
    }
  }
  return count;
}

function statusField(pid: Pid, field: string): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  if (match === null) throw new Error(`${field} not in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Resident set size of `pid`, in bytes. */
export function rssBytes(pid: Pid = 'self'): number {
  return statusField(pid, 'VmRSS');
}

/** Peak resident set size of `pid` since it started, in bytes. */
export function peakRssBytes(pid: Pid = 'self'): number {
  return statusField(pid, 'VmHWM');
}

/** Bytes as MiB with one decimal, for reports. */
export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The `q` quantile (0..1) of `samples` (nearest rank). */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

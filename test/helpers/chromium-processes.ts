/** The Chromium processes a test process started, read from /proc (Linux): to kill the browser, or to weigh it. */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  name: string;
}

function processes(): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // `pid (name) state ppid ...`: the name may hold spaces and parentheses, so read from the last `)`.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      found.push({ pid: Number(entry), ppid, name });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** Chromium's browser processes started by this process (its direct children named chromium). */
export function browserPids(parent = process.pid): number[] {
  return processes()
    .filter((entry) => entry.ppid === parent && entry.name.startsWith('chromium'))
    .map((entry) => entry.pid);
}

/** Whether a process is still alive (not gone, not a zombie waiting to be reaped). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

import { readdirSync, readFileSync } from 'node:fs';

interface Entry {
  pid: number;
  ppid: number;
  name: string;
}

function processes(): Entry[] {
  const found: Entry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read from the last `)`.
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      found.push({ pid: Number(name), ppid, name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** The processes descending from `root` (not `root` itself) whose name starts with `prefix`. */
export function descendants(root: number, prefix = ''): number[] {
  const all = processes();
  const tree = new Set([root]);
  // Parents are listed before their children almost always; repeat until nothing is added, to be sure.
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of all) {
      if (tree.has(entry.ppid) && !tree.has(entry.pid)) {
        tree.add(entry.pid);
        grew = true;
      }
    }
  }
  return all
    .filter((entry) => entry.pid !== root && tree.has(entry.pid) && entry.name.startsWith(prefix))
    .map((e) => e.pid);
}

/** Current resident memory of a process from /proc, in MB (0 when it is gone). */
export function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

/** Proportional set size of a process (shared pages divided among their sharers), in MB; 0 when unreadable. */
export function pssMb(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples, until stopped, the summed memory of `root`'s Chromium processes (browser, zygotes, renderers, GPU and
 * utility processes) and keeps the peaks. The RSS sum counts pages the processes share once per process, so it
 * overstates what they take together (it is the figure `ps` and most monitoring show); the PSS sum divides shared
 * pages among their sharers, which is what they take together.
 */
export function watchChromium(root: number, everyMs = 100) {
  let rss = 0;
  let pss = 0;
  const sample = () => {
    const pids = descendants(root, 'chromium');
    rss = Math.max(
      rss,
      pids.reduce((sum, pid) => sum + rssMb(pid), 0),
    );
    pss = Math.max(
      pss,
      pids.reduce((sum, pid) => sum + pssMb(pid), 0),
    );
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop(): { rss: number; pss: number } {
      clearInterval(timer);
      return { rss, pss };
    },
  };
}

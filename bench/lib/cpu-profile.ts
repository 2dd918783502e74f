/** Reads a V8 `.cpuprofile` (node --cpu-prof) into self time per function and per source file, busiest first. */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

export interface SelfTime {
  name: string;
  share: number;
}

function where(url: string): string {
  return url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(dist|src)\//, '$1/')
    .replace(/^node:/, 'node:');
}

function ranked(hits: Map<string, number>, total: number, count: number): SelfTime[] {
  return [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, n]) => ({ name, share: n / total }));
}

/** The `count` functions and files with the most self time, idle time left out of the total. */
export function selfTime(path: string, count = 25): { samples: number; functions: SelfTime[]; files: SelfTime[] } {
  const { nodes } = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[] };
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  for (const node of nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || node.hitCount === 0) continue;
    total += node.hitCount;
    const file = where(url) || `(${functionName})`;
    const name = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + node.hitCount);
    files.set(file, (files.get(file) ?? 0) + node.hitCount);
  }
  return { samples: total, functions: ranked(functions, total, count), files: ranked(files, total, count) };
}

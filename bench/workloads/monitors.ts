/**
 * Workload 7 (only with BENCH_ONLY=monitors: it takes minutes): N monitors at a 60 s interval on one instance with
 * the embedded database, against a 3-redirect chain on nginx. The monitors are written straight into the embedded
 * database before the service starts, their first due times spread evenly over the first interval (as a fleet
 * created over time would be; created at once they would all be due together). Then the built service
 * (dist/service/main.js, as `npm start` runs it) schedules them for the given seconds. The first interval is the
 * warm-up (every monitor's first run writes its history row); the rest is measured.
 *
 * A run's start is the target's log line for its monitor's first URL; it is on time when it starts within 5 s of
 * being due, "due" being the previous run's start plus the interval (the first run: its seeded due time). The
 * service's CPU (user + system from /proc/<pid>/stat) and RSS (sampled VmRSS) are taken over the measured window.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseMonitorInput } from '../../src/monitor/monitor.js';
import { migrate } from '../../src/monitor/storage/migrations.js';
import { openPgliteDatabase } from '../../src/monitor/storage/pglite-database.js';
import { type Nginx, startNginx } from '../lib/nginx.js';
import { memoryOf } from '../lib/process-stats.js';
import { lateness, runStarts, summarise } from '../lib/run-lateness.js';
import { startServiceProcess } from '../lib/service-process.js';

const INTERVAL_S = 60;
/** A run within this of being due is on time (the scheduler's default tick is 5 s). */
export const ON_TIME_MS = 5000;
/** Time for the service to start before the first monitors fall due. */
const LEAD_MS = 15_000;

export interface MonitorsResult {
  monitors: number;
  seconds: number;
  measuredSeconds: number;
  runs: number;
  runsPerSecond: number;
  neededPerSecond: number;
  onTime: ReturnType<typeof summarise>;
  grid: ReturnType<typeof summarise>;
  /** Monitors whose next run was over 5 s overdue when the window closed (a backlog). */
  overdueAtEnd: number;
  states: Record<string, number>;
  cpuPercent: number;
  peakRssMb: number;
  highWaterMb: number;
}

/**
 * Writes `count` monitors in one statement: the i-th is `m<i>`, checks `/r3/m<i>` on the (i mod hosts)-th loopback
 * host and is first due at `start + i × stepMs`, `start` (returned) being {@link LEAD_MS} after the writing.
 */
async function seed(dataDir: string, count: number, nginx: Nginx, stepMs: number): Promise<number> {
  const db = await openPgliteDatabase(join(dataDir, 'monitors'));
  await migrate(db);
  const { expect, options, labels } = parseMonitorInput({
    url: `http://127.0.0.1:${nginx.port}/`,
    interval: INTERVAL_S,
  });
  await db.query(
    `INSERT INTO hoplens_monitors (id, url, settings, interval_s, paused, next_run_at, created_at, updated_at)
     SELECT 'm' || i, 'http://127.0.0.' || (i % $4 + 1) || ':' || $1 || '/r3/m' || i, $2::jsonb, $3, false,
       now(), now(), now()
     FROM generate_series(0, $5 - 1) AS i`,
    [nginx.port, JSON.stringify({ expect, options, labels }), INTERVAL_S, nginx.hosts.length, count],
  );
  // Due times set last: opening and filling the database takes seconds of their own.
  const start = Date.now() + LEAD_MS;
  await db.query(
    `UPDATE hoplens_monitors SET next_run_at = to_timestamp(($1::float8 + substr(id, 2)::int * $2::float8) / 1000.0)`,
    [start, stepMs],
  );
  await db.close();
  return start;
}

/** User + system CPU time of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** After the service stopped: monitors by state, and those overdue by more than 5 s at `at`. */
async function finalState(dataDir: string, at: number) {
  const db = await openPgliteDatabase(join(dataDir, 'monitors'));
  const states = await db.query<{ state: string; n: number }>(
    'SELECT state, count(*)::int AS n FROM hoplens_monitors GROUP BY state',
  );
  const overdue = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM hoplens_monitors WHERE next_run_at < to_timestamp($1 / 1000.0)',
    [at - ON_TIME_MS],
  );
  await db.close();
  return { states: Object.fromEntries(states.map((row) => [row.state, row.n])), overdue: overdue[0]?.n ?? 0 };
}

export async function monitorsWorkload(workDir: string, count: number, seconds: number): Promise<MonitorsResult> {
  const dir = join(workDir, 'monitors');
  const dataDir = join(dir, 'data');
  const log = join(dir, 'access.log');
  const nginx = await startNginx(dir, 20, 3, { accessLog: log });
  const service = { child: undefined as ChildProcess | undefined };
  try {
    const stepMs = (INTERVAL_S * 1000) / count;
    const seeding = Date.now();
    const start = await seed(dataDir, count, nginx, stepMs);
    console.error(`monitors: ${count} seeded in ${Date.now() - seeding} ms`);
    const { child } = await startServiceProcess(
      { HOPLENS_ADMIN_TOKEN: 'bench-admin-token-0123456789', HOPLENS_DATA_DIR: dataDir },
      { stdout: openSync(join(dir, 'service.log'), 'w'), waitMs: 30_000 },
    );
    service.child = child;
    const pid = child.pid as number;
    const from = start + INTERVAL_S * 1000;
    const to = start + seconds * 1000;
    await sleep(from - Date.now());
    const cpuBefore = cpuSeconds(pid);
    let peakRssMb = 0;
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    while (Date.now() < to && !exited()) {
      peakRssMb = Math.max(peakRssMb, memoryOf(pid)?.rss ?? 0);
      await sleep(Math.min(500, Math.max(0, to - Date.now())));
    }
    if (exited()) {
      throw new Error(
        `the service exited during the window (code ${child.exitCode}, signal ${child.signalCode}): see ${join(dir, 'service.log')}`,
      );
    }
    const cpuPercent = ((cpuSeconds(pid) - cpuBefore) / ((Date.now() - from) / 1000)) * 100;
    const highWaterMb = memoryOf(pid)?.peak ?? Number.NaN;
    await stop(child);
    const final = await finalState(dataDir, to);
    const late = lateness(
      runStarts(log, 'r3'),
      (id) => start + Number(id.slice(1)) * stepMs,
      INTERVAL_S * 1000,
      from,
      to,
    );
    const measuredSeconds = (to - from) / 1000;
    return {
      monitors: count,
      seconds,
      measuredSeconds,
      runs: late.runs,
      runsPerSecond: late.runs / measuredSeconds,
      neededPerSecond: count / INTERVAL_S,
      onTime: summarise(late.sincePrevious, ON_TIME_MS),
      grid: summarise(late.grid, ON_TIME_MS),
      overdueAtEnd: final.overdue,
      states: final.states,
      cpuPercent,
      peakRssMb,
      highWaterMb,
    };
  } finally {
    if (service.child !== undefined) await stop(service.child);
    await nginx.stop();
  }
}

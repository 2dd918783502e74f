import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { monitorError } from '../errors.js';

/**
 * One process at a time owns a data directory. Two services on one `HOPLENS_DATA_DIR` each open the embedded database
 * and each acknowledge writes that the other overwrites: monitors acknowledged by one are gone after a restart. So the
 * service takes this lock before opening the database; a second process refuses to start, naming the directory and
 * the process that holds it. A lock left by a process that died (`kill -9`) is taken over.
 */

/** The lock file, beside the database directory. */
const LOCK_FILE = 'hoplens.lock';

/** What the lock file says of its holder. */
interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** A data directory's lock, held until {@link DataDirLock.release}. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? (holder as Holder) : undefined;
  } catch {
    // Missing, or half-written by a process that died while writing it: nobody holds it.
    return undefined;
  }
}

/** Creates the lock file, failing with EEXIST when it is there: the one atomic step. */
function create(path: string): void {
  const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(path, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
}

/**
 * Takes the lock of `dir` (created if missing), or throws `DATA_DIR_LOCKED` naming the live process holding it. A
 * holder on another machine (a directory shared over the network) is taken as alive: it cannot be asked.
 */
export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      create(path);
      return { path, release: () => release(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (holder !== undefined && (holder.host !== hostname() || alive(holder.pid))) {
      throw monitorError(
        'DATA_DIR_LOCKED',
        `the data directory ${dir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); one process at a time may use it: stop that one, or give this one another HOPLENS_DATA_DIR`,
      );
    }
    takeOver(path, holder);
  }
  throw monitorError('DATA_DIR_LOCKED', `the data directory ${dir} is being locked by another process`);
}

/**
 * Moves a dead holder's lock aside (rename is atomic), so that the next create can succeed. Two processes taking over
 * at once: one renames the stale file, the other finds nothing to rename or, renaming the winner's fresh lock by
 * mistake, sees a holder it did not expect and puts the file back.
 */
function takeOver(path: string, dead: Holder | undefined): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved !== undefined && moved.pid !== dead?.pid) {
    renameSync(aside, path);
    return;
  }
  unlinkSync(aside);
}

/** Removes the lock file if this process still holds it. */
function release(path: string): void {
  if (readHolder(path)?.pid !== process.pid) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

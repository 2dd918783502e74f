import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Spool } from '../../formats/index.js';
import { openFileSink } from '../output.js';

/**
 * A spool in a temporary file, so that a JUnit report of a million rows keeps no case in memory: `what` names the
 * flag a failed write is reported under.
 */
export async function fileSpool(what: string): Promise<Spool> {
  const directory = await mkdtemp(join(tmpdir(), 'hoplens-junit-'));
  const path = join(directory, 'cases.xml');
  const sink = await openFileSink(path, what);
  return {
    write: (text) => sink.write(text),
    close: () => sink.close(),
    read: async function* () {
      for await (const chunk of createReadStream(path, { encoding: 'utf8' })) yield chunk as string;
    },
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
}

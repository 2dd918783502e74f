/**
 * The web page built from its sources for tests that run the service from source, whose web plugin has no page
 * beside it: scripts/build.mjs's own recipe (scripts/build-client.mjs), into a temporary directory of the test file's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildClient } from '../../scripts/build-client.mjs';

/**
 * Builds the page before the file's tests and removes it after them. Returns the page's directory, known once built
 * (call it from hooks and tests). Call at the top level, before the file's own `beforeAll`.
 */
export function useBuiltPage(): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hoplens-page-'));
    await buildClient(dir);
  }, 60_000);
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('the page is built in beforeAll: call useBuiltPage() at the top level');
    return dir;
  };
}

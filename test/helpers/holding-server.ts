import type { Cleanup } from './cleanups.js';
import { startServer, type TestServer } from './servers.js';

/** A target that holds every request until `release()`, with the number it holds now. */
export type HoldingServer = TestServer & { release(): void; held(): number };

/** Starts a {@link HoldingServer} on loopback; at cleanup it answers what it holds (200 `ok`) and closes. */
export async function holdingServer(cleanups: Cleanup[]): Promise<HoldingServer> {
  const waiting: Array<() => void> = [];
  const server = await startServer((_req, res) => {
    waiting.push(() => res.end('ok'));
  });
  const release = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  cleanups.push(async () => {
    release();
    await server.close();
  });
  return Object.assign(server, { release, held: () => waiting.length });
}

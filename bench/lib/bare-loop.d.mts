import type { Agent } from 'undici';

/** The bare undici loop: follows a URL's redirects by hand and returns the final status (0 past `maxHops`). */
export function createBareTracer(agent?: Agent): {
  agent: Agent;
  trace(start: string, maxHops?: number): Promise<number>;
};

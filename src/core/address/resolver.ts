import { lookup } from 'node:dns/promises';
import type { ResolvedAddress, Resolver } from '../types.js';

/** The operating system's resolver (getaddrinfo), every address, in the order the system gives them. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((answer): ResolvedAddress => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

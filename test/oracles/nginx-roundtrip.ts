/**
 * Following a request through real nginx with the raw client, for the `fix` round trip: each hop's Location resolved
 * on the URL asked, followed while it stays on the served host.
 */
import type { ServedFiles } from './nginx-oracle.js';

/** Where a request ends: the final URL, its status (undefined when it left the served host), and the hops taken. */
export interface Followed {
  final: string;
  status?: number;
  hops: number;
}

/** The most hops followed: nginx's own limits end a loop before this. */
const MAX_HOPS = 12;

/** Follows `path` on `host` through `served`, as a browser would, while the redirects stay on `host`. */
export async function follow(served: ServedFiles, host: string, path: string): Promise<Followed> {
  let url = new URL(`http://${host}${path}`);
  let target = path;
  for (let hops = 0; hops <= MAX_HOPS; hops++) {
    const answer = await served.ask(host, target);
    if (answer.location === undefined || answer.status < 300 || answer.status > 399) {
      return { final: url.href, status: answer.status, hops };
    }
    url = new URL(answer.location, url);
    if (url.host !== host) return { final: url.href, hops: hops + 1 };
    target = url.pathname + url.search;
  }
  return { final: url.href, hops: MAX_HOPS };
}

/** A followed request with the served host replaced, so that two hosts serving two files compare alike. */
export function onHost(followed: Followed, from: string, to: string): Followed {
  const url = new URL(followed.final);
  if (url.host === from) url.host = to;
  return { ...followed, final: url.href };
}

import type { TlsProblem } from './tls-problem.js';

/** Origins remembered at once; the connections of one analysis are a handful, so the oldest can go. */
const MAX_ORIGINS = 1024;

/**
 * What the certificate of each origin's latest connection was found to be, for a pool that connects without
 * rejecting bad certificates (`tls: 'report'`). A request cannot see which pooled connection served it, so a hop asks
 * by origin: every connection to one origin meets the same server, and the latest one answers for them all.
 */
export class CertificateVerdicts {
  private readonly verdicts = new Map<string, TlsProblem | null>();

  /** Records the verdict of a connection just made to `host` (`name:port`, as in a URL's `host`). */
  record(host: string, problem: TlsProblem | undefined): void {
    this.verdicts.delete(host);
    if (this.verdicts.size >= MAX_ORIGINS) this.verdicts.delete(this.verdicts.keys().next().value as string);
    this.verdicts.set(host, problem ?? null);
  }

  /** The problem with the certificate `url`'s connection presented, if it had one. */
  problemFor(url: URL): TlsProblem | undefined {
    return url.protocol === 'https:' ? (this.verdicts.get(url.host) ?? undefined) : undefined;
  }
}

import { isIP } from 'node:net';
import type { HopHsts } from './hop-hsts-type.js';

/** What a browser keeps of a Known HSTS Host (RFC 6797 §5.3, §8.1.1). */
interface KnownHost {
  /** Epoch ms after which the host is no longer known. */
  readonly expires: number;
  readonly includeSubDomains: boolean;
}

/** `example.com`, never `[::1]` or `192.0.2.1`: HSTS applies to host names only (RFC 6797 §8.1.1, §8.3). */
function isName(hostname: string): boolean {
  return !hostname.startsWith('[') && isIP(hostname) === 0;
}

/**
 * The Known HSTS Hosts of one returning browser (`asBrowser`): what the hops of a chain, or of every row of one
 * `hoplens check` run, sent over HTTPS. A seam, not a global: the caller makes one per analysis or per run and passes
 * it in (`AnalyzeOptions.hstsStore`). The preload list is not consulted (docs/issues.md#hsts_preload_ineligible).
 */
export class HstsStore {
  private readonly hosts = new Map<string, KnownHost>();

  /** @param now the clock max-age counts from, epoch ms */
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Records what a response of `url` said (RFC 6797 §8.1): only a valid header received over HTTPS by a host name;
   * max-age 0 forgets the host (§6.1.1). A later header replaces an earlier one (§8.1.1).
   */
  observe(url: URL, hsts: HopHsts | undefined): void {
    if (hsts?.counts !== true || url.protocol !== 'https:' || !isName(url.hostname)) return;
    const maxAge = hsts.maxAge ?? 0;
    if (maxAge === 0) {
      this.hosts.delete(url.hostname);
      return;
    }
    const expires = this.now() + Math.min(maxAge * 1000, Number.MAX_SAFE_INTEGER);
    this.hosts.set(url.hostname, { expires, includeSubDomains: hsts.includeSubDomains === true });
  }

  /**
   * The `https:` URL a browser requests instead of `url`, when `url` is plain HTTP to a Known HSTS Host: the host
   * itself (congruent match) or a superdomain that said includeSubDomains (superdomain match, §8.2). Port 80, stated
   * or not, becomes 443; any other stated port is kept (§8.3 item 5). Undefined when no upgrade applies.
   */
  upgrade(url: URL): URL | undefined {
    if (url.protocol !== 'http:' || !isName(url.hostname) || !this.knows(url.hostname)) return undefined;
    // The URL parser has dropped a stated :80 (http's default), so the https URL gets 443; a port still there is kept.
    const upgraded = new URL(url.href);
    upgraded.protocol = 'https:';
    return upgraded;
  }

  /** Whether `hostname` is known, by itself or by a superdomain with includeSubDomains (§8.2), and not expired. */
  private knows(hostname: string): boolean {
    const now = this.now();
    const own = this.hosts.get(hostname);
    if (own !== undefined && own.expires > now) return true;
    const labels = hostname.split('.');
    for (let start = 1; start < labels.length; start++) {
      const known = this.hosts.get(labels.slice(start).join('.'));
      if (known?.includeSubDomains && known.expires > now) return true;
    }
    return false;
  }
}

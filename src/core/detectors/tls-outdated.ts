import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/** TLS versions deprecated by RFC 8996 (and refused by current browsers). */
const OUTDATED: ReadonlySet<string> = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);

/** How a protocol version reads in a sentence (`TLSv1` is TLS 1.0). */
function versionWords(protocol: string): string {
  return protocol === 'TLSv1' ? 'TLS 1.0' : protocol.replace(/^TLSv/, 'TLS ');
}

/**
 * A hop's connection negotiated TLS 1.0 or 1.1: the server offers nothing newer. Browsers refuse such a connection,
 * so the page is unreachable for them even though it answered here.
 */
export const tlsOutdated: Detector = (input) =>
  input.chain.flatMap((hop, index) =>
    hop.tls !== undefined && OUTDATED.has(hop.tls.protocol)
      ? [
          {
            type: 'tls_outdated' as const,
            severity: 'warning' as const,
            message: `${factsOf(input).url(index).host} negotiated ${versionWords(hop.tls.protocol)}, which browsers no longer accept`,
            hop: index,
          },
        ]
      : [],
  );

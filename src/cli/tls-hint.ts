import { isHoplensError } from '../core/index.js';

/** TLS reasons a private certificate authority explains (src/core/connection/tls-problem.ts). */
const PRIVATE_CA_REASONS: ReadonlySet<string> = new Set(['untrusted', 'self-signed']);

/**
 * What to do about a certificate no trusted authority signed: a staging box or an intranet under a private PKI
 * answers so, and the command line has the two ways out. Undefined for any other error.
 */
export function tlsHint(error: unknown): string | undefined {
  if (!isHoplensError(error) || error.code !== 'TLS_ERROR') return undefined;
  const reason = (error.details as { reason?: unknown }).reason;
  if (typeof reason !== 'string' || !PRIVATE_CA_REASONS.has(reason)) return undefined;
  return 'trust its certificate authority with --ca FILE (a PEM file), or make the hop despite it with --insecure';
}

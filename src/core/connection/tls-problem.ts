import type { PeerCertificate, TLSSocket } from 'node:tls';

/**
 * Why TLS failed, for programs: the `reason` of a `TLS_ERROR` (and of the service's error body). The first six are
 * certificate problems, which `tls: 'report'` reports as the issue `tls_invalid` instead of failing the hop.
 */
export type TlsReason =
  | 'self-signed'
  | 'expired'
  | 'not-yet-valid'
  | 'wrong-host'
  | 'untrusted'
  | 'revoked'
  | 'bad-signature'
  | 'plain-http'
  | 'handshake';

/** A TLS failure in words: what a person reads, what a program matches, and the raw text for debugging. */
export interface TlsProblem {
  readonly reason: TlsReason;
  /** A phrase in plain words: `certificate expired on 2026-01-02`. */
  readonly words: string;
  /** OpenSSL's or Node's own text or code, kept for debugging only. */
  readonly raw: string;
}

/** OpenSSL's verification results (and Node's host check), grouped by the reason hoplens reports. */
const CERTIFICATE_REASONS: Readonly<Record<string, TlsReason>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-host',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_REVOKED: 'revoked',
  CERT_SIGNATURE_FAILURE: 'bad-signature',
};

/** Handshake failures that mean the two sides have no TLS version or cipher suite in common. */
const NOTHING_SHARED = new Set([
  'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
  'ERR_SSL_UNSUPPORTED_PROTOCOL',
  'ERR_SSL_NO_PROTOCOLS_AVAILABLE',
  'ERR_SSL_NO_SHARED_CIPHER',
  'ERR_SSL_NO_CIPHERS_AVAILABLE',
  'ERR_SSL_WRONG_SSL_VERSION',
]);

/**
 * What a plain-HTTP answer to a ClientHello looks like to OpenSSL: its first bytes (`HTTP/1.1`) read as a TLS record
 * header with a nonsense version or length.
 */
const PLAIN_HTTP = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);

/** A certificate date (`Jan  2 00:00:00 2026 GMT`) as `2026-01-02`, or undefined when it does not parse. */
function day(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** The names a certificate is for: its DNS and IP subject alternative names, else its common name. */
function namesOf(cert: PeerCertificate | undefined): string[] {
  const altNames = (cert?.subjectaltname ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/^(DNS|IP Address):/, ''))
    .filter((entry) => entry !== '' && !entry.includes(':'));
  if (altNames.length > 0) return altNames;
  const commonName = cert?.subject?.CN;
  return typeof commonName === 'string' && commonName !== '' ? [commonName] : [];
}

function listed(names: string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** The words for a certificate that failed verification with OpenSSL's (or Node's) `code`. */
function certificateWords(reason: TlsReason, code: string, cert: PeerCertificate | undefined, host: string): string {
  switch (reason) {
    case 'expired': {
      const on = day(cert?.valid_to);
      return on === undefined ? 'certificate expired' : `certificate expired on ${on}`;
    }
    case 'not-yet-valid': {
      const from = day(cert?.valid_from);
      return from === undefined ? 'certificate not valid yet' : `certificate not valid until ${from}`;
    }
    case 'wrong-host': {
      const names = namesOf(cert);
      return names.length === 0
        ? `the certificate is not for ${host}`
        : `the certificate is for ${listed(names)}, not ${host}`;
    }
    case 'self-signed':
      return code === 'SELF_SIGNED_CERT_IN_CHAIN' ? 'self-signed certificate in the chain' : 'self-signed certificate';
    case 'untrusted':
      return 'certificate signed by an unknown authority';
    case 'revoked':
      return 'certificate revoked';
    default:
      return 'certificate signature does not verify';
  }
}

/**
 * The problem with a certificate that OpenSSL's verification (or Node's host name check) refused, named by the code
 * Node reports (`CERT_HAS_EXPIRED`); undefined for a code that is not about a certificate. The peer certificate, when
 * given, supplies dates and names.
 */
export function certificateProblem(code: string, host: string, cert?: PeerCertificate): TlsProblem | undefined {
  const reason = CERTIFICATE_REASONS[code];
  if (reason === undefined) return undefined;
  return { reason, words: certificateWords(reason, code, cert, host), raw: code };
}

/**
 * The problem with a connected TLS socket's certificate, or undefined when it verified. Reads what Node decided on
 * the handshake (`authorized`, `authorizationError`): the same verdict that `rejectUnauthorized` acts on.
 */
export function socketProblem(socket: TLSSocket, host: string): TlsProblem | undefined {
  if (socket.authorized) return undefined;
  const code = String(socket.authorizationError ?? 'CERT_UNTRUSTED');
  const cert = socket.getPeerCertificate();
  return (
    certificateProblem(code, host, cert) ?? {
      reason: 'untrusted',
      words: `the certificate could not be verified (${code.toLowerCase().replaceAll('_', ' ')})`,
      raw: code,
    }
  );
}

/** Node's TLS errors carry OpenSSL's reason string (`wrong version number`) besides the code. */
interface OpenSslError extends Error {
  code?: unknown;
  reason?: unknown;
}

/**
 * The problem behind an error raised during a TLS handshake (`ERR_SSL_*`, `ERR_TLS_*`, a certificate code), or
 * undefined when the error is not about TLS.
 */
export function handshakeProblem(error: OpenSslError, host: string): TlsProblem | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  const cert = (error as { cert?: PeerCertificate }).cert;
  const certificate = certificateProblem(code, host, cert);
  if (certificate !== undefined) return { ...certificate, raw: `${code}: ${error.message}` };
  const isTls =
    code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL routines|handshake/i.test(error.message);
  if (!isTls) return undefined;
  const raw = code === '' ? error.message : `${code}: ${error.message}`;
  if (PLAIN_HTTP.has(code))
    return { reason: 'plain-http', words: 'the server spoke plain HTTP on an https:// URL', raw };
  if (NOTHING_SHARED.has(code)) {
    return { reason: 'handshake', words: 'the TLS handshake failed (no shared protocol or cipher)', raw };
  }
  const detail = typeof error.reason === 'string' && error.reason !== '' ? error.reason : undefined;
  const alert = detail?.match(/alert (.+)$/)?.[1];
  const words =
    alert !== undefined
      ? `the TLS handshake failed (the server sent the alert "${alert}")`
      : `the TLS handshake failed${detail === undefined ? '' : ` (${detail})`}`;
  return { reason: 'handshake', words, raw };
}

/**
 * Certificates made at test time, for the core TLS tests and the hostile TLS targets: a private CA and leaves signed by
 * it (valid, expired, for another host), a self-signed leaf, and one signed by a CA nobody trusts. Keys come from
 * node:crypto (fast, native); node-forge only assembles and signs the certificates.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  key: string;
  cert: string;
}

interface CertSpec {
  commonName: string;
  /** DNS names and IP addresses the certificate is valid for. */
  dnsNames?: string[];
  ips?: string[];
  notBefore: Date;
  notAfter: Date;
  isCa?: boolean;
  /** Signer; the certificate is self-signed without one. */
  issuer?: { key: string; cert: forge.pki.Certificate };
}

const DAY = 86_400_000;

function makeCertificate(spec: CertSpec): KeyAndCert & { parsed: forge.pki.Certificate } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: a leading 0x00..0x7f byte keeps the DER integer from reading as negative.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  const subject = [{ name: 'commonName', value: spec.commonName }];
  cert.setSubject(subject);
  cert.setIssuer(spec.issuer === undefined ? subject : spec.issuer.cert.subject.attributes);
  const altNames = [
    ...(spec.dnsNames ?? []).map((value) => ({ type: 2, value })),
    ...(spec.ips ?? []).map((ip) => ({ type: 7, ip })),
  ];
  const extensions: object[] = [{ name: 'basicConstraints', cA: spec.isCa === true, critical: true }];
  if (spec.isCa) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: 'extKeyUsage', serverAuth: true });
  if (altNames.length > 0) extensions.push({ name: 'subjectAltName', altNames });
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(spec.issuer?.key ?? key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert), parsed: cert };
}

/**
 * A test PKI: `ca` is the PEM to trust; the leaves are for `host` (and 127.0.0.1) unless named otherwise, or for
 * every name of `names` when given (a site's apex and www).
 */
export interface TestPki {
  ca: string;
  valid: KeyAndCert;
  expired: KeyAndCert;
  wrongHost: KeyAndCert;
  selfSigned: KeyAndCert;
  /** Valid in every way but signed by a CA nobody trusts. */
  unknownIssuer: KeyAndCert;
}

export function createTestPki(host: string, names: readonly string[] = [host]): TestPki {
  const now = Date.now();
  const current = { notBefore: new Date(now - DAY), notAfter: new Date(now + 30 * DAY) };
  const ca = makeCertificate({ commonName: 'hoplens test CA', isCa: true, ...current });
  const stranger = makeCertificate({ commonName: 'untrusted test CA', isCa: true, ...current });
  /** A leaf signed by `issuer`, or self-signed when `issuer` is null. */
  const leaf = (spec: Partial<CertSpec>, issuer: { key: string; parsed: forge.pki.Certificate } | null) => {
    const made = makeCertificate({
      commonName: host,
      dnsNames: [...names],
      ips: ['127.0.0.1'],
      ...current,
      ...spec,
      ...(issuer === null ? {} : { issuer: { key: issuer.key, cert: issuer.parsed } }),
    });
    return { key: made.key, cert: made.cert };
  };
  return {
    ca: ca.cert,
    valid: leaf({}, ca),
    expired: leaf({ notBefore: new Date(now - 10 * DAY), notAfter: new Date(now - DAY) }, ca),
    wrongHost: leaf({ commonName: 'elsewhere.example', dnsNames: ['elsewhere.example'], ips: [] }, ca),
    selfSigned: leaf({}, null),
    unknownIssuer: leaf({}, stranger),
  };
}

/**
 * Certificates made at test time for hostile TLS targets: a private CA with leaves signed by it (valid, expired, for
 * another host) and a self-signed leaf. Keys come from node:crypto; node-forge assembles and signs the certificates.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  key: string;
  cert: string;
}

interface Spec {
  commonName: string;
  dnsNames: string[];
  notBefore: Date;
  notAfter: Date;
  isCa?: boolean;
  issuer?: { key: string; cert: forge.pki.Certificate };
}

const DAY = 86_400_000;

function make(spec: Spec): KeyAndCert & { parsed: forge.pki.Certificate } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  const subject = [{ name: 'commonName', value: spec.commonName }];
  cert.setSubject(subject);
  cert.setIssuer(spec.issuer === undefined ? subject : spec.issuer.cert.subject.attributes);
  const extensions: object[] = [{ name: 'basicConstraints', cA: spec.isCa === true, critical: true }];
  if (spec.isCa) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: 'extKeyUsage', serverAuth: true });
  if (spec.dnsNames.length > 0) {
    extensions.push({ name: 'subjectAltName', altNames: spec.dnsNames.map((value) => ({ type: 2, value })) });
  }
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(spec.issuer?.key ?? key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert), parsed: cert };
}

/** A CA to trust (`ca`, PEM) and leaves for `host`: valid, expired, for another host, and self-signed. */
export interface HostilePki {
  ca: string;
  valid: KeyAndCert;
  expired: KeyAndCert;
  wrongHost: KeyAndCert;
  selfSigned: KeyAndCert;
}

export function createHostilePki(host: string): HostilePki {
  const now = Date.now();
  const current = { notBefore: new Date(now - DAY), notAfter: new Date(now + 30 * DAY) };
  const ca = make({ commonName: 'hoplens hardening CA', dnsNames: [], isCa: true, ...current });
  const signed = (spec: Partial<Spec>) => {
    const leaf = make({
      commonName: host,
      dnsNames: [host],
      ...current,
      ...spec,
      issuer: { key: ca.key, cert: ca.parsed },
    });
    return { key: leaf.key, cert: leaf.cert };
  };
  const selfSigned = make({ commonName: host, dnsNames: [host], ...current });
  return {
    ca: ca.cert,
    valid: signed({}),
    expired: signed({ notBefore: new Date(now - 10 * DAY), notAfter: new Date(now - DAY) }),
    wrongHost: signed({ commonName: 'elsewhere.example', dnsNames: ['elsewhere.example'] }),
    selfSigned: { key: selfSigned.key, cert: selfSigned.cert },
  };
}

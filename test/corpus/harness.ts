/**
 * Runs the findings corpus (test/corpus/cases.ts) through the real analyzer: one plain HTTP server and one HTTPS
 * server per kind of certificate serve every case, telling cases apart by host name (the `Host` header); names
 * resolve through the analyzer's resolver seam, to loopback unless a case says otherwise. Used by
 * test/corpus/corpus.test.ts (`npm test`) and bench/corpus.ts (`npm run corpus`: precision and recall).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import forge from 'node-forge';
import type { PageRenderer } from '../../src/core/page-renderer.js';
import { type AnalysisResult, Analyzer, type IssueType, isHoplensError, type Resolver } from '../../src/index.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import type { CorpusCase, CorpusRoute, CorpusTls, KnownMiss } from './case.js';

/** What one case's analysis produced. */
export interface CaseOutcome {
  id: string;
  /** The issue types reported (each once). */
  found: IssueType[];
  /** The error code when the analysis failed instead (no findings then), and its message. */
  error?: string;
  errorMessage?: string;
  finalUrl?: string;
}

/** A case's labels against what was found. */
export interface CaseVerdict {
  /** `mustFind` types not reported. */
  missed: IssueType[];
  /** `mustNotFind` types reported. */
  unwanted: IssueType[];
}

export function verdictOf(corpusCase: CorpusCase, outcome: CaseOutcome): CaseVerdict {
  const found = new Set(outcome.found);
  return {
    missed: corpusCase.mustFind.filter((type) => !found.has(type)),
    unwanted: corpusCase.mustNotFind.filter((type) => found.has(type)),
  };
}

const DAY = 86_400_000;

interface KeyAndCert {
  key: string;
  cert: string;
  parsed: forge.pki.Certificate;
}

/** A certificate for `dnsNames`, signed by `issuer` (self-signed without one), valid for `days` from yesterday. */
function certificate(name: string, dnsNames: string[], days: number, issuer?: KeyAndCert, ca = false): KeyAndCert {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + days * DAY);
  const subject = [{ name: 'commonName', value: name }];
  cert.setSubject(subject);
  cert.setIssuer(issuer === undefined ? subject : issuer.parsed.subject.attributes);
  const extensions: object[] = [{ name: 'basicConstraints', cA: ca, critical: true }];
  if (ca) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: 'extKeyUsage', serverAuth: true });
  if (dnsNames.length > 0) {
    extensions.push({ name: 'subjectAltName', altNames: dnsNames.map((value) => ({ type: 2, value })) });
  }
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(issuer?.key ?? key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert), parsed: cert };
}

/**
 * `http(s)://<name>.test` or a scheme-relative `//<name>.test`, followed by the end of the authority: the URLs the
 * harness gives a port.
 */
const TEST_URL = /(?:\b(https?):|(?<![\w/:]))\/\/([a-z0-9.-]+\.test)(?=[/?#"'\s;,>)]|$)/gi;

/** The key a route is stored under: scheme, host and path-and-query as the WHATWG parser writes them, no port. */
function routeKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}${parsed.pathname}${parsed.search}`;
}

function hostsOf(corpusCase: CorpusCase): Set<string> {
  const hosts = new Set<string>([new URL(corpusCase.start).hostname]);
  for (const key of Object.keys(corpusCase.routes)) hosts.add(new URL(key).hostname);
  return hosts;
}

/** Problems with the corpus's data itself (a duplicate id, a host shared by two cases...), in words. */
export function corpusProblems(cases: readonly CorpusCase[], knownMisses: readonly KnownMiss[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const owners = new Map<string, string>();
  for (const corpusCase of cases) {
    if (ids.has(corpusCase.id)) problems.push(`${corpusCase.id}: the id is used twice`);
    ids.add(corpusCase.id);
    for (const host of hostsOf(corpusCase)) {
      const owner = owners.get(host);
      if (owner !== undefined && owner !== corpusCase.id)
        problems.push(`${corpusCase.id}: ${host} belongs to ${owner}`);
      owners.set(host, corpusCase.id);
    }
    const both = corpusCase.mustFind.filter((type) => corpusCase.mustNotFind.includes(type));
    if (both.length > 0) problems.push(`${corpusCase.id}: ${both.join(', ')} both must and must not be found`);
    if (corpusCase.cites.length === 0) problems.push(`${corpusCase.id}: no rule cited`);
    if (corpusCase.mustFind.length + corpusCase.mustNotFind.length === 0) problems.push(`${corpusCase.id}: no label`);
  }
  for (const miss of knownMisses) {
    if (!ids.has(miss.id)) problems.push(`known miss ${miss.id}: no such case`);
  }
  return problems;
}

/** The corpus's servers and analyzer, started once for every case. */
export interface CorpusRunner {
  run(corpusCase: CorpusCase): Promise<CaseOutcome>;
  close(): Promise<void>;
}

export async function startCorpus(cases: readonly CorpusCase[]): Promise<CorpusRunner> {
  const caseOfHost = new Map<string, CorpusCase>();
  const routes = new Map<string, CorpusRoute>();
  const dns = new Map<string, string>();
  const httpsNames = new Set<string>();
  for (const corpusCase of cases) {
    for (const host of hostsOf(corpusCase)) caseOfHost.set(host, corpusCase);
    for (const [url, route] of Object.entries(corpusCase.routes)) routes.set(routeKey(url), route);
    for (const [host, address] of Object.entries(corpusCase.dns ?? {})) dns.set(host, address);
    for (const match of JSON.stringify(corpusCase).matchAll(TEST_URL)) {
      if (match[1]?.toLowerCase() !== 'http') httpsNames.add(match[2]!.toLowerCase());
    }
  }
  const names = [...httpsNames];
  const ca = certificate('hoplens corpus CA', [], 365, undefined, true);
  const valid = certificate('corpus', names, 365, ca);
  const expiring = certificate('corpus expiring', names, 10, ca);
  const selfSigned = certificate('corpus self-signed', names, 365);

  const ports: Partial<Record<'http' | CorpusTls, number>> = {};
  /**
   * `text` with every `http(s)://*.test` URL given the port of the server `corpusCase`'s URLs of that scheme reach; a
   * scheme-relative one takes `scheme`'s, the scheme of the response it is in.
   */
  const local = (text: string, corpusCase: CorpusCase, scheme = 'https:') =>
    text.replace(TEST_URL, (_whole, written: string | undefined, host: string) => {
      const http = (written?.toLowerCase() ?? scheme.slice(0, -1)) === 'http';
      const port = http ? ports.http : ports[corpusCase.tls ?? 'valid'];
      return `${written === undefined ? '' : `${written}:`}//${host}:${port}`;
    });
  const lookup = (scheme: string, host: string, path: string) => {
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    return { corpusCase: caseOfHost.get(hostname), route: routes.get(`${scheme}//${hostname}${path}`) };
  };
  const handler = (scheme: 'http:' | 'https:') => (req: IncomingMessage, res: ServerResponse) => {
    const { corpusCase, route } = lookup(scheme, req.headers.host ?? '', req.url ?? '/');
    if (corpusCase === undefined || route === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(route.headers ?? {})) {
      headers[name] = Array.isArray(value)
        ? value.map((one) => local(one, corpusCase, scheme))
        : local(value, corpusCase, scheme);
    }
    if (route.location !== undefined) {
      headers.location = Array.isArray(route.location)
        ? route.location.map((one) => local(one, corpusCase, scheme))
        : local(route.location, corpusCase, scheme);
    }
    res.writeHead(route.status, headers);
    res.end(req.method === 'HEAD' ? undefined : local(route.body ?? '', corpusCase, scheme));
  };

  const servers: TestServer[] = [];
  const http = await startServer(handler('http:'));
  servers.push(http);
  ports.http = http.port;
  const tlsServers: Record<CorpusTls, object> = {
    valid: { key: valid.key, cert: valid.cert },
    expiring: { key: expiring.key, cert: expiring.cert },
    // TLS 1.0 and 1.1 only (RFC 8996 deprecates both), with a trusted certificate.
    legacy: {
      key: valid.key,
      cert: valid.cert,
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
      ciphers: 'DEFAULT@SECLEVEL=0',
    },
    untrusted: { key: selfSigned.key, cert: selfSigned.cert },
  };
  for (const [kind, tls] of Object.entries(tlsServers) as [CorpusTls, { key: string; cert: string }][]) {
    const server = await startHttpsServer(handler('https:'), tls);
    servers.push(server);
    ports[kind] = server.port;
  }

  // The browser's verdict on a rendered page is the route's `render` (see CorpusRoute): Chromium is not started here.
  const renderer: PageRenderer = {
    async render({ url }) {
      const parsed = new URL(url);
      const { corpusCase, route } = lookup(parsed.protocol, parsed.host, `${parsed.pathname}${parsed.search}`);
      const outcome = route?.render ?? {};
      if (outcome.navigatedTo === undefined || corpusCase === undefined) return outcome;
      return { ...outcome, navigatedTo: local(outcome.navigatedTo, corpusCase) };
    },
    async close() {},
  };
  const resolver: Resolver = async (hostname) => {
    const address = dns.get(hostname.toLowerCase()) ?? '127.0.0.1';
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  const analyzer = new Analyzer({ resolver, ca: ca.cert, renderer });

  return {
    async run(corpusCase) {
      const options = { allowNetworks: ['127.0.0.0/8'], ...corpusCase.options };
      let result: AnalysisResult;
      try {
        result = await analyzer.analyze(local(corpusCase.start, corpusCase), options);
      } catch (error) {
        if (!isHoplensError(error)) throw error;
        return { id: corpusCase.id, found: [], error: error.code, errorMessage: error.message };
      }
      const found = [...new Set(result.summary.issues.map((issue) => issue.type))];
      return { id: corpusCase.id, found, finalUrl: result.summary.finalUrl };
    },
    async close() {
      await analyzer.close();
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

/** Every case's outcome, in the corpus's order, at most `concurrency` analyses at a time. */
export async function runCorpus(cases: readonly CorpusCase[], concurrency = 8): Promise<CaseOutcome[]> {
  const runner = await startCorpus(cases);
  try {
    const outcomes: CaseOutcome[] = new Array(cases.length);
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const index = next++;
        outcomes[index] = await runner.run(cases[index]!);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return outcomes;
  } finally {
    await runner.close();
  }
}

/** One issue type's counts over the corpus. */
export interface TypeScore {
  type: IssueType;
  /** Cases labelled `mustFind` for it, and of those, the ones where it was found. */
  positives: number;
  truePositives: number;
  /** Cases labelled `mustNotFind` for it, and of those, the ones where it was found anyway. */
  negatives: number;
  falsePositives: number;
  /** Reports of it in cases that label it neither way. */
  unlabelled: number;
  /** Of `positives + negatives`, the cases listed as known misses. */
  knownMisses: number;
}

/** Per issue type: recall is truePositives / positives, precision truePositives / (truePositives + falsePositives). */
export function scores(
  cases: readonly CorpusCase[],
  outcomes: readonly CaseOutcome[],
  types: readonly IssueType[],
  knownMisses: readonly KnownMiss[] = [],
): TypeScore[] {
  const misses = new Set(knownMisses.map((miss) => miss.id));
  return types.map((type) => {
    const score: TypeScore = {
      type,
      positives: 0,
      truePositives: 0,
      negatives: 0,
      falsePositives: 0,
      unlabelled: 0,
      knownMisses: 0,
    };
    cases.forEach((corpusCase, index) => {
      const found = outcomes[index]!.found.includes(type);
      const positive = corpusCase.mustFind.includes(type);
      const negative = corpusCase.mustNotFind.includes(type);
      if ((positive || negative) && misses.has(corpusCase.id)) score.knownMisses++;
      if (positive) {
        score.positives++;
        if (found) score.truePositives++;
      } else if (negative) {
        score.negatives++;
        if (found) score.falsePositives++;
      } else if (found) score.unlabelled++;
    });
    return score;
  });
}

/**
 * The connection under a hop: where it goes (`--resolve`/`--connect-to` routes), what it was (address, protocol,
 * timings, the peer's certificate, read off the socket when undici opens it), and what went wrong with its TLS
 * (a certificate problem named for people, each certificate judged once per analysis). The hop (../hop/) and the
 * guarded connector (../address/) use it; nothing here sends a request.
 */
export { parseCaBundle } from './ca-bundle.js';
export { CertificateVerdicts } from './certificate-verdicts.js';
export { type ConnectionFacts, factsOf, OpeningConnection } from './connection-facts.js';
export { ConnectionRoutes, type ConnectionTarget } from './connection-routes.js';
export { type PeerFacts, peerFacts } from './peer-certificate.js';
export { awaitConnection, type ConnectionWaiter } from './request-connection.js';
export { certificateProblem, handshakeProblem, socketProblem, type TlsProblem, type TlsReason } from './tls-problem.js';

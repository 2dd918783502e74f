/**
 * The site of the HSTS oracle test (test/core/hsts/as-browser-chromium.test.ts): chains of hops over a few names on
 * two loopback ports, each speaking HTTP and HTTPS on one port (an HSTS upgrade keeps the port, RFC 6797 §8.3 item 5).
 * One port presents a certificate Chromium and hoplens trust, the other one neither does. A case is written as steps;
 * each step's path answers the same whatever the scheme and name, so an upgraded request finds the step it replaced.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DualServer, startDualServer } from '../../helpers/dual-protocol-server.js';
import type { TestPki } from '../../helpers/tls-certificates.js';

/** The names of a case: `a`, its subdomain `x.a` and another site `b` under `hsts.test`, and an IP literal. */
export type Label = 'a' | 'b' | 'x.a' | 'ip';

export const LABELS: readonly Label[] = ['a', 'b', 'x.a', 'ip'];

/** The zone every name is in; both browsers map it to loopback. */
export const ZONE = 'hsts.test';

/** One response of a chain: where it is asked for, what it answers, and its Strict-Transport-Security if any. */
export interface Step {
  scheme: 'http' | 'https';
  host: Label;
  /** A redirect to the next step, or the last step's page. */
  status: 200 | 301 | 302 | 307 | 308;
  sts?: string;
}

/** Chains visited one after the other by one browser (one HSTS store), on the port of `certificate`. */
export interface HstsCase {
  name: string;
  certificate: 'trusted' | 'failing';
  visits: Step[][];
}

/** One hop as both browsers show it: the URL, the status, and `Non-Authoritative-Reason` when there is one. */
export interface ShownHop {
  url: string;
  status: number;
  reason?: string;
}

export function hostnameOf(label: Label): string {
  return label === 'ip' ? '127.0.0.1' : `${label}.${ZONE}`;
}

/** Every name of the zone a case uses, for hoplens's resolver. */
export const NAMES: readonly string[] = LABELS.filter((label) => label !== 'ip').map(hostnameOf);

/** The running site: its two ports, the steps of the cases set up, and what each case's requests were. */
export class HstsSite {
  private readonly routes = new Map<string, { step: Step; location?: string }>();
  private readonly seen: string[] = [];
  private cases = 0;

  private constructor(
    private readonly trusted: DualServer,
    private readonly failing: DualServer,
  ) {}

  static async start(pki: TestPki): Promise<HstsSite> {
    let site: HstsSite | undefined;
    const answer = (scheme: 'http' | 'https', req: IncomingMessage, res: ServerResponse) =>
      site?.answer(scheme, req, res);
    const trusted = await startDualServer(pki.valid, answer);
    // Self-signed: not under the CA hoplens is given, and not the key Chromium is told to accept.
    const failing = await startDualServer(pki.selfSigned, answer).catch(async (error: unknown) => {
      await trusted.close();
      throw error;
    });
    site = new HstsSite(trusted, failing);
    return site;
  }

  /** Registers a case's steps under a path prefix of its own; returns each visit's first URL. */
  setUp(hstsCase: HstsCase): { prefix: string; starts: string[] } {
    const prefix = `/c${++this.cases}/`;
    const port = (hstsCase.certificate === 'trusted' ? this.trusted : this.failing).port;
    const url = (step: Step, path: string) => `${step.scheme}://${hostnameOf(step.host)}:${port}${path}`;
    const starts = hstsCase.visits.map((steps, visit) => {
      const paths = steps.map((_, index) => `${prefix}${visit}-${index}`);
      steps.forEach((step, index) => {
        const next = steps[index + 1];
        this.routes.set(
          paths[index]!,
          next === undefined ? { step } : { step, location: url(next, paths[index + 1]!) },
        );
      });
      return url(steps[0]!, paths[0]!);
    });
    return { prefix, starts };
  }

  /** The requests that reached the site under `prefix` (`https b.hsts.test /c3/0-1`), forgotten once read. */
  takeRequests(prefix: string): string[] {
    const taken = this.seen.filter((request) => request.split(' ')[2]!.startsWith(prefix));
    this.seen.length = 0;
    return taken;
  }

  async close(): Promise<void> {
    await Promise.all([this.trusted.close(), this.failing.close()]);
  }

  private answer(scheme: 'http' | 'https', req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    this.seen.push(`${scheme} ${(req.headers.host ?? '').replace(/:\d+$/, '')} ${path}`);
    const route = this.routes.get(path);
    // no-store: a browser's cached 301 would stand in for a request the other browser makes.
    const headers: Record<string, string> = { 'content-type': 'text/plain', 'cache-control': 'no-store' };
    if (route?.location !== undefined) headers.location = route.location;
    if (route?.step.sts !== undefined) headers['strict-transport-security'] = route.step.sts;
    res.writeHead(route?.step.status ?? 404, headers).end('ok');
  }
}

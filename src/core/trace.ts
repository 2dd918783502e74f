import { isIPv4 } from 'node:net';
import type { CookieJar } from 'tough-cookie';
import type { AddressPolicy } from './address/index.js';
import { describeAddress } from './address/index.js';
import type { ClientRedirect } from './client-redirect.js';
import { clientRedirectOf, type RenderCutShort } from './client-redirect-step.js';
import type { TlsProblem } from './connection/tls-problem.js';
import { HoplensError } from './errors.js';
import type { BODY_READ_LIMIT } from './hop/index.js';
import { HopDeadline, type HopResponse, HopSender, REDIRECT_STATUSES } from './hop/index.js';
import { hstsUpgradeHop } from './hsts/upgrade-hop.js';
import { readTentativePage } from './html/lazy-page-reader.js';
import type { PageSignals } from './html/page-signals.js';
import { resolveLocation } from './location.js';
import type { NormalizedOptions } from './options.js';
import { RequestedUrls } from './requested-urls.js';
import type { TraceContext } from './trace-context.js';
import type { Hop } from './types.js';

/** Why the chain ended. Only `complete` ends on a non-redirect; the others are findings. */
export type StopReason =
  | { kind: 'complete' }
  | { kind: 'loop'; hop: number; loopsTo: number; url: string }
  /** `url`: where the last hop redirects to, not requested (absent in traces from before it was recorded). */
  | { kind: 'max_hops'; hop: number; url?: string }
  | { kind: 'missing_location'; hop: number }
  | { kind: 'invalid_location'; hop: number; reason: string; location: string }
  | { kind: 'blocked'; hop: number; url: string; reason: string };

/** What tracing produced: the chain, why it stopped, and what the detectors may need to look at. */
export interface TraceOutcome {
  chain: Hop[];
  stop: StopReason;
  /** Up to {@link BODY_READ_LIMIT} bytes of the final page, when it is an HTML page fetched with GET. */
  finalBody?: string;
  /** `finalBody` was cut at {@link BODY_READ_LIMIT}: it is not the whole page. */
  finalBodyCut?: boolean;
  /** What that HTML declares, read once as a browser parses it (src/core/html/page-signals.ts). */
  finalSignals?: PageSignals;
  /** The client redirects the chain's pages declare, followed or not. */
  clientRedirects: ClientRedirect[];
  /** With `tls: 'report'`: the hops made over a connection whose certificate did not verify, and why. */
  certificateProblems?: readonly CertificateProblem[];
  /** With `render`: the render of the last hop was asked for and did not finish, and why. */
  renderIncomplete?: RenderCutShort['renderIncomplete'];
}

/** A hop made despite its certificate (`tls: 'report'`): its index in the chain and what was wrong. */
export interface CertificateProblem extends TlsProblem {
  readonly hop: number;
}

/** Whether a host is refused before any lookup or connection: a blocked IP literal, or a localhost name. */
function literalVerdict(url: URL, policy: AddressPolicy): string | undefined {
  if (!policy.blockPrivate) return undefined;
  const host = url.hostname;
  // URL parsing has already put every IPv4 notation in dotted form and bracketed IPv6, so this test is exact.
  if (host.startsWith('[') || isIPv4(host)) {
    const verdict = policy.check(host);
    return verdict.allowed ? undefined : `${host} is ${describeAddress(verdict)}, not a public address`;
  }
  return policy.refusesName(host) ? `${host} is a loopback name` : undefined;
}

/**
 * Follows a URL's redirect chain one request at a time. Returns the chain and why it stopped; throws a
 * {@link HoplensError} carrying the hops so far when a request fails (DNS, connection, TLS, protocol, timeout).
 *
 * Each hop is bounded by `options.timeout`, so a whole trace is bounded by `maxHops × timeout`.
 */
export async function trace(start: URL, options: NormalizedOptions, context: TraceContext): Promise<TraceOutcome> {
  const deadline = new HopDeadline(options.timeout, context.signal);
  const problems: CertificateProblem[] = [];
  try {
    const outcome = await followChain(start, options, context, new HopSender(options, context, deadline), problems);
    return problems.length === 0 ? outcome : { ...outcome, certificateProblems: problems };
  } finally {
    deadline.dispose();
  }
}

/** What one hop leads to: the next request, or the end of the chain. */
type Step = { next: URL } | { stop: StopReason };

/**
 * A hop whose request failed: a later hop refused by the address policy ends the chain there (a finding, with the
 * hops before it); anything else fails the analysis, with the hops completed so far.
 */
function refusedLater(
  failure: HoplensError,
  index: number,
  url: URL,
  chain: Hop[],
  clientRedirects: ClientRedirect[],
): TraceOutcome {
  if (failure.code !== 'BLOCKED_DESTINATION' || index === 0) throw failure.withChain(chain);
  const stop: StopReason = { kind: 'blocked', hop: index - 1, url: url.href, reason: failure.message };
  return { chain, stop, clientRedirects };
}

/**
 * After a hop that is not a redirect: the client redirect its page makes and the chain follows, or the chain's end
 * on that page, with what was read of it.
 */
async function pageStep(
  response: HopResponse,
  url: URL,
  chain: Hop[],
  clientRedirects: ClientRedirect[],
  options: NormalizedOptions,
  context: TraceContext,
): Promise<Step | { end: TraceOutcome }> {
  const page = await readResponsePage(response);
  const found = await clientRedirectOf(response, page, url, chain, options, context);
  const client = found !== undefined && 'redirect' in found ? found : undefined;
  if (client !== undefined) clientRedirects.push(client.redirect);
  if (client?.redirect.followed === true) return { next: client.target };
  const outcome: TraceOutcome = { chain, stop: { kind: 'complete' }, clientRedirects };
  if (response.body !== undefined) outcome.finalBody = response.body;
  if (response.bodyCut === true) outcome.finalBodyCut = true;
  if (page !== undefined) outcome.finalSignals = page;
  if (found !== undefined && 'renderIncomplete' in found) outcome.renderIncomplete = found.renderIncomplete;
  return { end: outcome };
}

async function followChain(
  start: URL,
  options: NormalizedOptions,
  context: TraceContext,
  sender: HopSender,
  problems: CertificateProblem[],
): Promise<TraceOutcome> {
  const blockedAtStart = literalVerdict(start, context.policy);
  if (blockedAtStart !== undefined) {
    throw new HoplensError('BLOCKED_DESTINATION', `Refused ${start.href}: ${blockedAtStart}`, { url: start.href });
  }
  const chain: Hop[] = [];
  // Loaded only when asked for: most analyses keep no cookies, and loading the jar costs every start-up.
  const jar: CookieJar | undefined = options.cookies ? new (await import('tough-cookie')).CookieJar() : undefined;
  // Without a jar every cookie is '', known without an await: two fewer turns of the microtask queue per hop.
  const cookieFor = jar === undefined ? undefined : (url: URL) => jar.getCookieString(url.href);
  const visits = new RequestedUrls();
  const clientRedirects: ClientRedirect[] = [];
  let url = start;
  let method = options.method;
  // The cookie the request to `url` carries: read once per hop, for the loop check and then for the request (the jar
  // does not change in between).
  let cookie = cookieFor === undefined ? '' : await cookieFor(url);
  for (;;) {
    const upgrade = context.hsts === undefined ? undefined : upgradeStep(url, chain, visits, options, context);
    if (upgrade !== undefined) {
      if ('stop' in upgrade) return { chain, stop: upgrade.stop, clientRedirects };
      url = upgrade.next;
      cookie = cookieFor === undefined ? '' : await cookieFor(url);
    }
    const index = chain.length;
    visits.record(url, cookie, index);
    let response: HopResponse;
    try {
      const isLast = (status: number) => !REDIRECT_STATUSES.has(status) || index + 1 >= options.maxHops;
      response = await sender.send(url, method, cookie, isLast);
    } catch (error) {
      return refusedLater(error as HoplensError, index, url, chain, clientRedirects);
    }
    chain.push(response.hop);
    context.hsts?.observe(url, response.hop.hsts);
    if (response.tlsProblem !== undefined) problems.push({ hop: index, ...response.tlsProblem });
    if (jar !== undefined) {
      for (const header of response.setCookie) await jar.setCookie(header, url.href, { ignoreError: true });
    }
    const step = REDIRECT_STATUSES.has(response.hop.status)
      ? redirectStep(response, url, index)
      : await pageStep(response, url, chain, clientRedirects, options, context);
    if ('end' in step) return step.end;
    if ('stop' in step) return { chain, stop: step.stop, clientRedirects };
    cookie = cookieFor === undefined ? '' : await cookieFor(step.next);
    const next = admitNext(step.next, cookie, index, visits, options, context);
    if ('stop' in next) return { chain, stop: next.stop, clientRedirects };
    // 303 means "see other with GET" (RFC 9110 §15.4.4); HEAD stays HEAD. GET and HEAD are kept on every other code.
    if (response.hop.status === 303 && method !== 'HEAD') method = 'GET';
    url = next.next;
  }
}

/**
 * With `asBrowser`: a plain-HTTP `url` to a Known HSTS Host is not sent but upgraded to https (RFC 6797 §8.3), a
 * synthetic hop of its own; the https URL is then admitted as any next hop is (a loop, `maxHops`, a blocked address).
 * Undefined when no upgrade applies. The loop check reads the https URL without the jar's cookie: cookies set over
 * HTTP are the same on both, and a loop is found again one hop later if they differ.
 */
function upgradeStep(
  url: URL,
  chain: Hop[],
  visits: RequestedUrls,
  options: NormalizedOptions,
  context: TraceContext,
): Step | undefined {
  const upgraded = context.hsts?.upgrade(url);
  if (upgraded === undefined) return undefined;
  chain.push(hstsUpgradeHop(url, upgraded));
  return admitNext(upgraded, '', chain.length - 1, visits, options, context);
}

/** Where a redirect's Location points, or why the chain ends at it. */
function redirectStep(response: HopResponse, url: URL, index: number): Step {
  const location = resolveLocation(response.location, url);
  if (location.kind === 'missing') return { stop: { kind: 'missing_location', hop: index } };
  if (location.kind === 'invalid') {
    return { stop: { kind: 'invalid_location', hop: index, reason: location.reason, location: location.raw } };
  }
  return { next: location.url };
}

/** Whether the chain may go on to `next` (requested with `cookie`): not a loop, within `maxHops`, not a blocked address. */
function admitNext(
  next: URL,
  cookie: string,
  index: number,
  visits: RequestedUrls,
  options: NormalizedOptions,
  context: TraceContext,
): Step {
  // An http URL a browser upgrades is never requested: the loop check is on its https URL (upgradeStep).
  const repeated = context.hsts?.upgrade(next) !== undefined ? undefined : visits.repeats(next, cookie);
  if (repeated !== undefined) return { stop: { kind: 'loop', hop: index, loopsTo: repeated, url: next.href } };
  if (index + 1 >= options.maxHops) return { stop: { kind: 'max_hops', hop: index, url: next.href } };
  const blocked = literalVerdict(next, context.policy);
  if (blocked !== undefined) return { stop: { kind: 'blocked', hop: index, url: next.href, reason: blocked } };
  return { next };
}

/**
 * The signals of a response's page, when its HTML was read. A page whose encoding a late `<meta charset>` changed
 * is decoded again: its body, the final page's text the detectors read, is replaced with the new text.
 */
async function readResponsePage(response: HopResponse): Promise<PageSignals | undefined> {
  if (response.body === undefined) return undefined;
  const read = await readTentativePage(response.body, response.bodyEncoding ?? 'utf-8', response.tentativeBytes);
  response.body = read.text;
  response.bodyEncoding = read.encoding;
  return read.signals;
}

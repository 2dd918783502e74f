/**
 * Vercel as the oracle: `@vercel/routing-utils` (the code Vercel runs to turn a vercel.json's `redirects` into routes)
 * converts the file, and the routes are then matched as Vercel's proxy matches them: each route's `src` regular
 * expression against the request's pathname as the URL parser leaves it (percent-escapes not decoded), in order, the
 * first match answering, `$1`/`$name` in its `Location` replaced by the group or by nothing when the group took no
 * part (vercel/vercel, packages/cli/src/util/dev/router.ts and its resolve-route-parameters: `match[i] || ''`).
 * routing-utils converts sources case-sensitively (sourceToRegex: `sensitive: true`), so the regex runs without `i`.
 * Only the routes before `{ handle: 'filesystem' }` are asked: `rewrites` come after it and never redirect.
 * A route's `has`/`missing` (copied from the rule by routing-utils) is evaluated as Vercel documents it
 * (vercel.com/docs/project-configuration/vercel-json, "has object definition"; vercel-has.ts) when the URL can tell,
 * the names its items define (a named group of a value, an item's key) filling the Location's `$name`.
 */
import { getTransformedRoutes } from '@vercel/routing-utils';
import { routeConditions } from './vercel-has.js';

/**
 * What Vercel answers for a URL: the rule (its index in `redirects`, or -1 for a redirect of `cleanUrls` or
 * `trailingSlash`) with its Location and status, or none.
 */
export type VercelAnswer =
  | { rule: number; location: string; status: number }
  | { rule: number; conditional: true }
  | undefined;

export interface VercelOracle {
  /** Vercel's refusal of the whole file (it refuses to deploy), when it refuses it. */
  error?: string;
  answer(url: URL): VercelAnswer;
}

interface RedirectRoute {
  src: string;
  /** Absent on a route that only stops routing (`trailingSlash: true` leaves `/.well-known/…` as it is). */
  headers?: { Location: string };
  status: number;
  has?: unknown[];
  missing?: unknown[];
}

/**
 * `$1`…`$9` and `$name` filled from the match, an unmatched group giving nothing; `$name` first from the names the
 * route's `has` defines (routing-utils writes a `has` name as `$name`: vercel-has.ts).
 */
function resolve(template: string, match: RegExpExecArray, names: Readonly<Record<string, string>>): string {
  return template.replace(/\$([1-9a-zA-Z]+)/g, (_whole, param: string) => {
    const named = Object.hasOwn(names, param) ? names[param] : match.groups?.[param];
    if (named !== undefined) return named;
    return /^\d+$/.test(param) ? (match[Number(param)] ?? '') : '';
  });
}

/** The settings of a vercel.json that make redirects of their own, given to routing-utils with the `redirects`. */
export interface VercelSettings {
  trailingSlash?: boolean;
  cleanUrls?: boolean;
}

export function vercelOracle(redirects: unknown[], settings: VercelSettings = {}): VercelOracle {
  return vercelFileOracle({ redirects, ...settings });
}

/** The routes that can redirect: those before the filesystem (rewrites follow it), the file's redirects last. */
function redirectRoutes(file: Record<string, unknown>): { routes: RedirectRoute[]; own: number } | { error: string } {
  const result = getTransformedRoutes(file as Parameters<typeof getTransformedRoutes>[0]);
  if (result.error) return { error: result.error.message };
  const all = (result.routes ?? []) as unknown as (RedirectRoute & { handle?: string })[];
  const end = all.findIndex((route) => route.handle !== undefined);
  const routes = end < 0 ? all : all.slice(0, end);
  const count = Array.isArray(file.redirects) ? file.redirects.length : 0;
  return { routes, own: routes.length - count };
}

/** Vercel's answers for a whole vercel.json (as parsed): its settings, redirects and rewrites. */
export function vercelFileOracle(file: Record<string, unknown>): VercelOracle {
  const converted = redirectRoutes(file);
  if ('error' in converted) return { error: converted.error, answer: () => undefined };
  const { routes, own } = converted;
  return {
    answer(url) {
      for (const [index, route] of routes.entries()) {
        const match = new RegExp(route.src).exec(url.pathname);
        if (match === null) continue;
        const rule = index < own ? -1 : index - own;
        const names = routeConditions(route.has, route.missing, url);
        if (names === false) continue;
        // A header or cookie condition: the request decides, which the oracle cannot say, and neither may hoplens.
        if (names === undefined) return { rule, conditional: true };
        if (route.headers === undefined) return undefined;
        return { rule, location: resolve(route.headers.Location, match, names), status: route.status };
      }
      return undefined;
    },
  };
}

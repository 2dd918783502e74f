/**
 * Vercel as the oracle: `@vercel/routing-utils` (the code Vercel runs to turn a vercel.json's `redirects` into routes)
 * converts the file, and the routes are then matched as Vercel's proxy matches them: each route's `src` regular
 * expression against the request's pathname as the URL parser leaves it (percent-escapes not decoded), in order, the
 * first match answering, `$1`/`$name` in its `Location` replaced by the group or by nothing when the group took no
 * part (vercel/vercel, packages/cli/src/util/dev/router.ts and its resolve-route-parameters: `match[i] || ''`).
 * routing-utils converts sources case-sensitively (sourceToRegex: `sensitive: true`), so the regex runs without `i`.
 */
import { getTransformedRoutes } from '@vercel/routing-utils';

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

/** `$1`…`$9` and `$name` filled from the match, an unmatched group giving nothing. */
function resolve(template: string, match: RegExpExecArray): string {
  return template.replace(/\$([1-9a-zA-Z]+)/g, (_whole, param: string) => {
    const named = match.groups?.[param];
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
  const result = getTransformedRoutes({ redirects, ...settings } as Parameters<typeof getTransformedRoutes>[0]);
  if (result.error) return { error: result.error.message, answer: () => undefined };
  const routes = (result.routes ?? []) as unknown as RedirectRoute[];
  // The settings' routes come first; the file's redirects follow, one route each, in order.
  const own = routes.length - redirects.length;
  return {
    answer(url) {
      for (const [index, route] of routes.entries()) {
        const match = new RegExp(route.src).exec(url.pathname);
        if (match === null) continue;
        const rule = index < own ? -1 : index - own;
        // A `has`/`missing` route answers only some requests: the oracle cannot say, and neither may hoplens.
        if ((route.has?.length ?? 0) > 0 || (route.missing?.length ?? 0) > 0) return { rule, conditional: true };
        if (route.headers === undefined) return undefined;
        return { rule, location: resolve(route.headers.Location, match), status: route.status };
      }
      return undefined;
    },
  };
}

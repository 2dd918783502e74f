import { filledText, type RequestState } from './actions.js';
import type { DocrootLookup } from './docroot.js';

/** A `try_files` directive: its arguments as written, and its line. */
export interface TryFiles {
  args: string[];
  line: number;
}

/**
 * How nginx's content phase ends for a request its rewrites left alone, once the root's files are known: a status
 * (200 served, 403 a folder without its index, 404 missing, `=code`), the static module's redirect of a folder asked
 * without its slash, or a hand-over (a named location; `internal`, the URI changed in `state`, looked up again).
 */
export type ContentEnd =
  | { status: number }
  | { slash: string }
  | { named: string; line: number }
  | { internal: true; line: number }
  | { problem: string; line: number };

/**
 * The static and index modules (https://nginx.org/en/docs/http/ngx_http_index_module.html): a URI ending in `/` is
 * a folder, served by its `index.html` (an internal redirect to it) or refused 403 (autoindex is off); a file is
 * served; a folder named without its slash is redirected 301 to it, arguments kept; anything else is 404.
 */
export function staticContent(state: RequestState, files: DocrootLookup): ContentEnd {
  const entry = files(state.uri);
  if (state.uri.endsWith('/')) {
    if (entry !== 'directory') return { status: 404 };
    if (files(`${state.uri}index.html`) !== 'file') return { status: 403 };
    state.uri = `${state.uri}index.html`;
    return { internal: true, line: 0 };
  }
  if (entry === 'file') return { status: 200 };
  if (entry === 'directory') return { slash: `${state.uri}/${state.args === '' ? '' : `?${state.args}`}` };
  return { status: 404 };
}

/**
 * `try_files` (https://nginx.org/en/docs/http/ngx_http_core_module.html#try_files): each argument but the last, its
 * variables filled, names a file, or with a trailing slash a folder; the first that exists becomes the URI and is
 * served. Else the last argument: `=code` answers that code, `@name` hands the request to that named location, and a
 * URI is an internal redirect to it, whose arguments replace the request's (none when it has no `?`).
 */
export function triedFiles(tryFiles: TryFiles, state: RequestState, files: DocrootLookup): ContentEnd {
  const { args, line } = tryFiles;
  for (const arg of args.slice(0, -1)) {
    const filled = filledText(arg, state);
    if (typeof filled !== 'string') return { problem: filled.problem, line };
    const folder = arg.endsWith('/');
    const path = folder ? filled.slice(0, -1) : filled;
    if (files(path) !== (folder ? 'directory' : 'file')) continue;
    state.uri = path;
    return staticContent(state, files);
  }
  const last = args.at(-1) ?? '';
  if (/^=\d{3}$/.test(last)) return { status: Number(last.slice(1)) };
  if (last.startsWith('@')) return { named: last, line };
  const filled = filledText(last, state);
  if (typeof filled !== 'string') return { problem: filled.problem, line };
  const at = filled.indexOf('?');
  state.uri = at < 0 ? filled : filled.slice(0, at);
  state.args = at < 0 ? '' : filled.slice(at + 1);
  return { internal: true, line };
}

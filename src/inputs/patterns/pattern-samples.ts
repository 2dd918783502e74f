import { parse } from 'path-to-regexp';

/**
 * URLs that stand for every URL a path pattern matches, to tell whether an earlier rule answers all of them first.
 * A placeholder (`:name`) stands for one segment and a splat (`*`) for the rest of the path, so each is filled with a
 * word no real rule names; a splat also matches nothing and several segments, so it is tried both ways. A literal
 * rule answering only the sample's own path therefore never shadows the pattern; a broader pattern (`/*`, `/blog/*`,
 * `/blog/:slug` against `/blog/:other`) does.
 */
const WORD = 'hoplens-sample';

/**
 * The sample paths of a Netlify-style path pattern (`/blog/:year/*`); undefined when it is not a pattern (no
 * placeholder, no splat).
 */
export function samplePaths(pattern: string): string[] | undefined {
  const segments = pattern.split('/');
  const placeholders = segments.some((segment) => segment.startsWith(':') && segment.length > 1);
  const splat = segments[segments.length - 1] === '*';
  if (!placeholders && !splat) return undefined;
  const fixed = segments.map((segment) => (segment.startsWith(':') && segment.length > 1 ? WORD : segment));
  if (!splat) return [fixed.join('/')];
  const head = fixed.slice(0, -1).join('/');
  return [`${head}/${WORD}`, `${head}/${WORD}/${WORD}`, `${head}/`];
}

/** path-to-regexp's pattern for a plain `:name` (one segment), and for `(.*)` (anything). */
const ONE_SEGMENT = '[^\\/#\\?]+?';
const ANYTHING = '.*';

/**
 * The forms one path-to-regexp parameter takes in the samples, as text after its prefix: each of its lengths, and
 * `undefined` for absent (an optional or repeated-or-none parameter, whose prefix goes with it).
 */
function parameterForms(pattern: string, modifier: string): Array<string | undefined> | undefined {
  if (pattern === ANYTHING) return ['', WORD, `${WORD}/${WORD}`];
  if (pattern !== ONE_SEGMENT) return undefined;
  const lengths = modifier === '*' || modifier === '+' ? [WORD, `${WORD}/${WORD}`] : [WORD];
  return modifier === '*' || modifier === '?' ? [...lengths, undefined] : lengths;
}

/**
 * The sample paths of a path-to-regexp 6 source (Vercel's): every parameter in each of its lengths (none, one
 * segment, several, as its modifier allows). Undefined when it has no parameter, or one with a pattern of its own
 * (`:id(\\d+)`), which a sample word cannot stand for; at most three parameters.
 */
export function pathToRegexpSamples(source: string): string[] | undefined {
  let tokens: ReturnType<typeof parse>;
  try {
    tokens = parse(source);
  } catch {
    return undefined;
  }
  const keys = tokens.filter((token) => typeof token !== 'string');
  if (keys.length === 0 || keys.length > 3) return undefined;
  let paths = [''];
  for (const token of tokens) {
    if (typeof token === 'string') {
      paths = paths.map((path) => path + token);
      continue;
    }
    const forms = parameterForms(token.pattern, token.modifier);
    if (forms === undefined) return undefined;
    // An absent optional parameter drops its prefix too.
    paths = paths.flatMap((path) =>
      forms.map((form) => (form === undefined ? path : `${path}${token.prefix}${form}${token.suffix}`)),
    );
  }
  return paths.map((path) => (path === '' ? '/' : path));
}

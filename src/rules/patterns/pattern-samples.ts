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

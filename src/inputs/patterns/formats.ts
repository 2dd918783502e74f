/** The rule formats whose pattern rules (splats, placeholders, regexes) `--samples` tests. */
export const PATTERN_FORMATS = ['netlify', 'vercel', 'apache', 'nginx'] as const;
/** A format `--samples` works with. */
export type PatternFormat = (typeof PATTERN_FORMATS)[number];

/** Whether `--samples` works with a format (importing no matcher, for the command line's planning). */
export function hasPatternMatching(format: string): format is PatternFormat {
  return (PATTERN_FORMATS as readonly string[]).includes(format);
}

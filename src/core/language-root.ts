/**
 * A language root such as `/en/`, `/pt_BR` or `/fr-CA/`: a path whose only segment is an ISO 639-1 language code
 * (the iso-639-1 package's table of the standard's 183 codes), optionally with a region (two letters, ISO 3166-1, or
 * three digits, UN M.49 as in `es-419`), and an optional trailing slash.
 */
import ISO6391 from 'iso-639-1';

const LANGUAGE_SEGMENT = /^\/([a-z]{2})(?:[-_](?:[a-z]{2}|[0-9]{3}))?\/?$/i;

/** The ISO 639-1 code (lowercase) of a language root's path, or undefined when the path is not one. */
export function rootLanguage(path: string): string | undefined {
  const code = LANGUAGE_SEGMENT.exec(path)?.[1]?.toLowerCase();
  return code !== undefined && ISO6391.validate(code) ? code : undefined;
}

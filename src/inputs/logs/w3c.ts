import { baseUrlNeeded } from './log-errors.js';
import type { LineOutcome, LogParser, LogRequest } from './request.js';

/*
 * The W3C extended log file format (https://www.w3.org/TR/WD-logfile.html): `#` directives, `#Fields:` naming the
 * fields of the lines after it, until the next `#Fields:`. Two writers:
 * - IIS, as Microsoft's "W3C Logging" lists its fields (https://learn.microsoft.com/windows/desktop/Http/w3c-logging):
 *   `cs-method`, `cs-uri-stem`, `cs-uri-query`, `sc-status`, `cs(User-Agent)`, the host in `cs-host` when logged;
 *   fields apart by spaces, a space inside a value written `+` (the user agent's), `-` for an empty value.
 * - CloudFront, its "Standard logging reference"
 *   (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html): fields apart
 *   by tabs, the user agent URL-encoded, `cs(Host)` the distribution's own domain and `x-host-header` the host the
 *   viewer asked for (preferred here: it is the old site's name), `cs-protocol` the scheme.
 */

/** Where each field this reader needs is in a line; -1 when not logged. */
interface FieldPlaces {
  method: number;
  stem: number;
  query: number;
  uri: number;
  status: number;
  agent: number;
  host: number;
  protocol: number;
}

/** The places of the fields a `#Fields:` directive names (names compared without case). */
function placesOf(directive: string): FieldPlaces {
  const names = directive
    .slice('#Fields:'.length)
    .trim()
    .split(/\s+/)
    .map((name) => name.toLowerCase());
  const at = (...wanted: string[]) => {
    for (const name of wanted) if (names.includes(name)) return names.indexOf(name);
    return -1;
  };
  return {
    method: at('cs-method'),
    stem: at('cs-uri-stem'),
    query: at('cs-uri-query'),
    uri: at('cs-uri'),
    status: at('sc-status'),
    agent: at('cs(user-agent)'),
    host: at('x-host-header', 'cs-host', 'cs(host)'),
    protocol: at('cs-protocol'),
  };
}

/** A field's value, '' for the `-` of an empty one. */
function valueAt(fields: string[], index: number): string {
  if (index === -1) return '';
  const value = fields[index] ?? '';
  return value === '-' ? '' : value;
}

/** The request target: `cs-uri-stem` and `cs-uri-query`, or `cs-uri` when that is what was logged. */
function targetOf(fields: string[], places: FieldPlaces): string {
  if (places.stem === -1) return valueAt(fields, places.uri);
  const query = valueAt(fields, places.query);
  const stem = valueAt(fields, places.stem);
  return query === '' ? stem : `${stem}?${query}`;
}

/** IIS writes a space as `+`; CloudFront URL-encodes the whole agent (a malformed escape is kept as written). */
function agentOf(raw: string, encoded: boolean): string {
  if (!encoded) return raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Reads one data line with the places the last `#Fields:` gave. */
function parseFields(line: string, into: LogRequest, places: FieldPlaces, tabs: boolean): LineOutcome {
  const fields = tabs ? line.split('\t') : line.split(' ');
  const status = Number(valueAt(fields, places.status));
  if (!Number.isInteger(status) || status < 100 || status > 999) return 'unparsable';
  into.method = valueAt(fields, places.method);
  into.target = targetOf(fields, places);
  if (into.method === '' || into.target === '') return 'unparsable';
  into.status = status;
  into.host = valueAt(fields, places.host);
  const protocol = valueAt(fields, places.protocol).toLowerCase();
  into.scheme = protocol === 'http' || protocol === 'https' ? protocol : '';
  into.userAgent = agentOf(valueAt(fields, places.agent), tabs);
  return 'request';
}

/**
 * A parser for a W3C log: `tabs` for CloudFront's. Lines before any `#Fields:` are unreadable; `#Fields:` without a
 * host field needs the base URL (`hasBase`), else the read fails there.
 */
function fieldsParser(format: 'w3c' | 'cloudfront', path: string, hasBase: boolean): LogParser {
  let places: FieldPlaces | undefined;
  const tabs = format === 'cloudfront';
  return {
    format,
    parse(line, into) {
      if (line.charCodeAt(0) === 0x23) {
        if (/^#fields:/i.test(line)) {
          places = placesOf(line);
          if (places.host === -1 && !hasBase) throw baseUrlNeeded(path, format);
        }
        return 'directive';
      }
      return places === undefined ? 'unparsable' : parseFields(line, into, places, tabs);
    },
  };
}

/** The IIS W3C parser. */
export function w3cParser(path: string, hasBase: boolean): LogParser {
  return fieldsParser('w3c', path, hasBase);
}

/** The CloudFront standard log parser. */
export function cloudfrontParser(path: string, hasBase: boolean): LogParser {
  return fieldsParser('cloudfront', path, hasBase);
}

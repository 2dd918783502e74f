import { posix } from 'node:path';
import type { LinkForm } from './file-link.js';
import { isRelative } from './link-url.js';

/** What a link's rewrite needs to know about it. */
export interface RewriteInput {
  form: LinkForm;
  /** The target exactly as written (`text.slice(start, end)`), with its angle brackets or entities. */
  written: string;
  /** The target as read (decoded). */
  target: string;
  /** The URL the link resolved to, with its fragment. */
  url: URL;
  /** The final URL of its chain. */
  finalUrl: string;
  /** The file's URL under `--base`, when given: a relative link stays relative on its origin. */
  pageUrl?: URL;
  /** For an attribute: whether its value is in quotes (the range is the value inside them). */
  quoted?: boolean;
}

/**
 * The final URL the link should say: a fragment of the original is kept when the final URL has none, as a browser
 * keeps it across redirects (RFC 9110 10.2.2, Location).
 */
function finalWithFragment(url: URL, finalUrl: string): URL {
  const final = new URL(finalUrl);
  if (final.hash === '' && url.hash !== '') final.hash = url.hash;
  return final;
}

/** A path-relative reference from the page to `final` (same origin): `../guide/`, `other?x=1#y`. */
function pathRelative(page: URL, final: URL): string {
  const directory = page.pathname.slice(0, page.pathname.lastIndexOf('/') + 1);
  let path = posix.relative(directory, final.pathname);
  if (final.pathname.endsWith('/') && path !== '') path += '/';
  if (path === '') path = final.search === '' && final.hash !== '' ? '' : './';
  return `${path}${final.search}${final.hash}`;
}

/** The new target, before the file format's quoting: relative in the form it was written, when it can stay so. */
export function newTarget(input: RewriteInput): string {
  const final = finalWithFragment(input.url, input.finalUrl);
  const { pageUrl } = input;
  if (!isRelative(input.target) || pageUrl === undefined || final.origin !== pageUrl.origin) return final.href;
  const target = input.target.trim();
  if (target.startsWith('//')) return final.href.slice(final.protocol.length);
  if (target.startsWith('/')) return `${final.pathname}${final.search}${final.hash}`;
  return pathRelative(pageUrl, final);
}

/** A Markdown link destination (CommonMark 6.3): in angle brackets when it was, or when it must be. */
function markdownDestination(url: string, written: string): string {
  const needsBrackets = /[\s<>]/.test(url) || !balancedParentheses(url);
  if (written.startsWith('<') || needsBrackets) return `<${url.replace(/[<>]/g, (c) => (c === '<' ? '%3C' : '%3E'))}>`;
  return url;
}

function balancedParentheses(url: string): boolean {
  let depth = 0;
  for (const char of url) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * An attribute value: `&` written as `&amp;` where the original did, quotes as character references; an unquoted
 * value that would no longer be one (HTML standard 13.1.2.3: no whitespace, quotes, `=`, `<`, `>` or backtick) is
 * given double quotes, which its range (the value alone) has room for.
 */
function attributeValue(url: string, written: string, quoted: boolean): string {
  const ampersands = /&amp;/i.test(written) ? url.replace(/&/g, '&amp;') : url;
  const value = ampersands.replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return !quoted && /[\s"'=<>`]/.test(value) ? `"${value}"` : value;
}

/**
 * A URL inside a value (srcset, CSS, JSON-LD), written bare: only when it needs no escaping in any of them (no
 * whitespace, quotes, parentheses, backslash, angle brackets, nor a trailing comma that srcset would drop), else the
 * link is left as written (reported, not rewritten); `&` as `&amp;` where the original wrote it so.
 */
function embeddedValue(url: string, written: string): string {
  if (/[\s"'()\\<>]|,$/.test(url)) return written;
  return /&amp;/i.test(written) ? url.replace(/&/g, '&amp;') : url;
}

/** The text that replaces the target's range: the new target written in the link's own syntax. */
export function rewrittenText(input: RewriteInput): string {
  const target = newTarget(input);
  switch (input.form) {
    case 'inline':
    case 'image':
    case 'definition':
      return markdownDestination(target, input.written);
    case 'attribute':
      return attributeValue(target, input.written, input.quoted !== false);
    case 'embedded':
      return embeddedValue(target, input.written);
    default:
      // An autolink's and a bare URL's text is the URL itself.
      return target;
  }
}

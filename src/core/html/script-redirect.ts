/**
 * Finding a location change with a literal URL in a page's inline scripts, without running them: what a crawler
 * that does not render can still see. A URL built at run time is beyond it (rendering sees those).
 */

/**
 * The window whose location changes: the page's own (`location`, or on `window`, `document`, `top`, `self` or
 * `parent`, or a chain of them: `window.top.location`), never another object's property (`frame.contentWindow.location`, `popup.location`, `link.location`),
 * which moves an iframe or another window, not the page.
 */
const OWNER = String.raw`(?<![\w$\])]\s*\.\s*)(?:\b(?:window|document|top|self|parent)\s*\.\s*)*`;
const LITERAL = String.raw`(["'\x60])((?:(?!\1)[^\\\n]|\\.)*)\1`;
/** `location = '…'`, `location.href = '…'` (not `==`), on the window or one of its aliases. */
const ASSIGNMENT = new RegExp(String.raw`${OWNER}\blocation(?:\s*\.\s*href)?\s*=(?!=)\s*${LITERAL}`, 'g');
/** `location.replace('…')`, `location.assign('…')`. */
const CALL = new RegExp(String.raw`${OWNER}\blocation\s*\.\s*(?:replace|assign)\s*\(\s*${LITERAL}\s*\)`, 'g');

/** Undoes the simple escapes a string literal may carry (`\/`, `\'`, `\"`). */
function unescapeLiteral(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/**
 * The URLs of the location changes with a literal URL in a page's inline scripts (their text, as
 * src/core/html/page-signals.ts reads them: only scripts the parser put in the document), as written (unresolved), in
 * the order of the page. A template literal with a substitution is not a literal URL.
 */
export function findScriptRedirects(scripts: readonly string[]): string[] {
  // Both patterns name `location`: a script without the word (most of a page's) is not searched with them, which cost
  // the detectors a tenth of their time on ordinary pages (BENCHMARKS.md, workload 8).
  return scripts.flatMap((body) =>
    !body.includes('location')
      ? []
      : [...body.matchAll(ASSIGNMENT), ...body.matchAll(CALL)]
          .sort((a, b) => a.index - b.index)
          .filter((match) => !(match[1] === '`' && match[2]!.includes('${')))
          .map((match) => unescapeLiteral(match[2]!)),
  );
}

/** The URL of the first location change with a literal URL in a page's inline scripts, or undefined. */
export function findScriptRedirect(scripts: readonly string[]): string | undefined {
  return findScriptRedirects(scripts)[0];
}

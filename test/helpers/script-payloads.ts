/**
 * Script payloads for every place a report's text is shown (the HTML report file, a report opened on the page):
 * each one, run, sets `window.__pwned` to its number, so that a test reads one global to know whether any ran. They
 * cover markup (a script element, event handlers, an iframe's srcdoc), breaking out of an attribute or of the JSON
 * a `<script>` element embeds, `javascript:` URLs, comments, template syntax and the line separators JSON allows in
 * strings but older JavaScript did not (OWASP's XSS Filter Evasion Cheat Sheet names most of these:
 * https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html).
 */
export const SCRIPT_PAYLOADS: readonly string[] = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=2">',
  '<svg onload="window.__pwned=3"></svg>',
  '"><script>window.__pwned=4</script>',
  "'><img src=x onerror=window.__pwned=5>",
  'javascript:window.__pwned=6',
  '</script><script>window.__pwned=7</script>',
  '<iframe srcdoc="<script>parent.__pwned=8</script>"></iframe>',
  '<!--</script><script>window.__pwned=9</script>-->',
  '\u2028\u2029</textarea><details open ontoggle="window.__pwned=10">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is that text, for a template literal to run.
  "{{constructor.constructor('window.__pwned=11')()}}${window.__pwned=11}",
];

/** A payload inside an http URL, as a hand-edited report may hold it (not percent-encoded). */
export const inUrl = (payload: string) => `http://127.0.0.1/${payload}`;

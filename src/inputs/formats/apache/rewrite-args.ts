/**
 * The arguments of a RewriteRule or RewriteCond as mod_rewrite splits them (its own parseargline, not the core's
 * word splitting): a backslash before a space keeps the space in the argument, the backslash with it
 * (`RewriteCond %{THE_REQUEST} ^GET\ /index` has the pattern `^GET\ /index`, a regex escape of the space); double or
 * single quotes hold an argument with spaces. https://httpd.apache.org/docs/2.4/rewrite/intro.html#regex
 */
export function rewriteArgs(text: string): string[] {
  const args: string[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (at >= text.length) break;
    const quote = text[at] === '"' || text[at] === "'" ? text[at] : undefined;
    if (quote !== undefined) at++;
    let value = '';
    while (at < text.length) {
      const character = text[at]!;
      if (quote === undefined ? /\s/.test(character) : character === quote) break;
      if (character === '\\' && /\s/.test(text[at + 1] ?? '')) {
        value += character + text[at + 1];
        at += 2;
        continue;
      }
      value += character;
      at++;
    }
    if (quote !== undefined) at++;
    args.push(value);
  }
  return args.slice(1);
}

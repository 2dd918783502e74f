/** netlify-redirector ships no types: the two parsers its index.js exports, each resolving to a matcher. */
declare module 'netlify-redirector' {
  interface Matcher {
    match(request: object): unknown;
  }
  const redirector: {
    parsePlain(rules: string, options: object): Promise<Matcher>;
    parseJSON(rules: string, options: object): Promise<Matcher>;
  };
  export default redirector;
}

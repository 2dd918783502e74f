/**
 * The one rule for a User-Agent (src/core/options.ts `checkUserAgent`), as cases every face is tested against: the
 * library and the API must accept and refuse exactly these. RFC 9110 §5.5 lets a field value carry SP, HTAB, visible
 * characters and obs-text; other control characters would split, truncate or garble the request, and header values
 * travel as latin1.
 */
export const USER_AGENT_CASES: ReadonlyArray<{ name: string; value: string; accepted: boolean }> = [
  { name: 'a plain agent', value: 'hoplens-test/1.0 (+https://example.com)', accepted: true },
  { name: 'a tab (HTAB is allowed in a field value)', value: 'bot\tx', accepted: true },
  { name: 'latin1 letters', value: 'robot café/1.0', accepted: true },
  { name: '512 characters', value: 'u'.repeat(512), accepted: true },
  { name: '513 characters', value: 'u'.repeat(513), accepted: false },
  { name: 'a newline (header injection)', value: 'bot\r\nX-Injected: 1', accepted: false },
  { name: 'NUL', value: 'bot\u0000', accepted: false },
  { name: 'DEL', value: 'bot\u007f', accepted: false },
  { name: 'a C1 control', value: 'bot\u0085', accepted: false },
  { name: 'a character beyond latin1', value: 'bot ☃', accepted: false },
  { name: 'only blanks', value: '   ', accepted: false },
];

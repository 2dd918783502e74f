/** The curl command that makes the same API call as the page. */

/** `'it'\''s'`: one POSIX shell word, whatever the text. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A curl command that makes the same API call as the page. */
export function curlCommand(absoluteApiUrl: string): string {
  return `curl -sS ${shellQuote(absoluteApiUrl)}`;
}

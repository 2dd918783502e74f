/**
 * Reads a plain decimal integer (`10`, `-1`), the one integer syntax hoplens accepts from text: query parameters,
 * environment variables and command-line flags. Anything else (`10ms`, `1e3`, `0x10`, `1.0`, ` 10`, `+5`) is
 * undefined, where `parseInt` or `Number` would guess. Ranges are the caller's to check.
 */
export function parseDecimalInteger(text: string): number | undefined {
  if (!/^-?[0-9]+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

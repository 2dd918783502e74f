import pc from 'picocolors';

/** The colour functions of picocolors; all of them return their input unchanged when colour is off. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Whether to colour a stream: never with `--no-color` (`flag` false) or when `NO_COLOR` is set and non-empty
 * (no-color.org), always when `FORCE_COLOR` is set to anything but `0`/`false`, otherwise only on a terminal. Decided
 * per stream, since stdout may be piped while stderr is still a terminal.
 */
export function colorEnabled(
  isTTY: boolean,
  env: Readonly<Record<string, string | undefined>>,
  flag?: boolean,
): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTTY;
}

/** Colour functions for a stream, on or off according to {@link colorEnabled}. */
export function colorsFor(isTTY: boolean, env: Readonly<Record<string, string | undefined>>, flag?: boolean): Colors {
  return pc.createColors(colorEnabled(isTTY, env, flag));
}

/** Colours an HTTP status by class: success green, redirect yellow, client error red, server error magenta. */
export function statusColor(colors: Colors, status: number): (text: string) => string {
  if (status >= 500) return colors.magenta;
  if (status >= 400) return colors.red;
  if (status >= 300) return colors.yellow;
  if (status >= 200) return colors.green;
  return colors.gray;
}

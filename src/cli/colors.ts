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

/**
 * What a status means, hence its colour: a success, a permanent redirect, a temporary one, an error (4xx or 5xx), or
 * anything else. The same classes, decided the same way, as the web page's badges (`statusClass` in
 * src/report/view/chain/format.ts), so that both faces colour a 301 alike.
 */
export type StatusRole = 'success' | 'permanent' | 'temporary' | 'error' | 'other';

/** The role of a status; a hop's `redirectType`, when known, decides permanent or temporary. */
export function statusRole(status: number, redirectType?: 'permanent' | 'temporary'): StatusRole {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400) return 'error';
  if (redirectType === 'permanent' || status === 301 || status === 308) return 'permanent';
  if (redirectType === 'temporary' || status === 302 || status === 303 || status === 307) return 'temporary';
  return 'other';
}

/** The terminal colour of each role, matching the page's hues: green, blue, amber, red, grey (src/report/view/chain/tokens.css). */
const ROLE_COLOR: Readonly<Record<StatusRole, 'green' | 'blue' | 'yellow' | 'red' | 'gray'>> = Object.freeze({
  success: 'green',
  permanent: 'blue',
  temporary: 'yellow',
  error: 'red',
  other: 'gray',
});

/** Colours an HTTP status by its {@link statusRole}. */
export function statusColor(
  colors: Colors,
  status: number,
  redirectType?: 'permanent' | 'temporary',
): (text: string) => string {
  return colors[ROLE_COLOR[statusRole(status, redirectType)]];
}

import { readFileSync } from 'node:fs';

/** What {@link PACKAGE_VERSION} is when package.json cannot be read (a bundle that left it behind). */
const UNKNOWN_VERSION = '0.0.0';

function readPackageVersion(): string {
  try {
    // package.json sits two levels above this file both in src/core and in dist/core.
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const { version } = JSON.parse(text) as { version?: unknown };
    return typeof version === 'string' ? version : UNKNOWN_VERSION;
  } catch {
    return UNKNOWN_VERSION;
  }
}

/** hoplens's version, from its package.json, read once when first imported; `0.0.0` if it cannot be read. */
export const PACKAGE_VERSION: string = readPackageVersion();

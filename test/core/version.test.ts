/** The one package version the CLI's --version and the OpenAPI document report (library users read hoplens/package.json). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../../src/core/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

describe('PACKAGE_VERSION', () => {
  it("is package.json's version, run from source", () => {
    expect(PACKAGE_VERSION).toBe(packageJson.version);
  });

  it("is package.json's version, run from the build (dist/, built by test/global-setup.ts)", async () => {
    const module = pathToFileURL(join(root, 'dist', 'core', 'version.js')).href;
    const built = (await import(module)) as { PACKAGE_VERSION: string };
    expect(built.PACKAGE_VERSION).toBe(packageJson.version);
  });
});

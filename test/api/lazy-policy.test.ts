/**
 * `import 'hoplens'` does not load the policy validator (TypeBox's value checker and the URL pattern compiler): a
 * program that reads no policy file should not pay for them at start-up (src/core/policy/policy-compile.ts). Checked on the built
 * entry, in a process of its own whose module hooks record every module resolved (modules-loaded.mjs). Calling
 * `compilePolicy` then loads it: the hooks do see it when it is loaded.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const run = promisify(execFile);

/** The modules that make up the validator, as resolved URLs. */
const VALIDATOR = [
  /\/dist\/core\/policy\/policy-parse\.js$/,
  /\/node_modules\/typebox\/build\/value\//,
  /\/urlpattern-polyfill\//,
];

function validatorModules(urls: readonly string[]): string[] {
  return urls.filter((url) => VALIDATOR.some((pattern) => pattern.test(url)));
}

let loaded: { atImport: string[]; afterCompile: string[] };

beforeAll(async () => {
  const entry = pathToFileURL(join(ROOT, 'dist', 'index.js')).href;
  const { stdout } = await run(process.execPath, [join(ROOT, 'test', 'api', 'modules-loaded.mjs'), entry], {
    timeout: 20_000,
  });
  loaded = JSON.parse(stdout) as typeof loaded;
});

describe("the package entry's imports", () => {
  it('load the entry and the core, but not the policy validator', () => {
    expect(loaded.atImport.some((url) => url.endsWith('/dist/core/analyzer.js'))).toBe(true);
    expect(validatorModules(loaded.atImport)).toEqual([]);
  });

  it('leave the validator to compilePolicy, which loads it on first use', () => {
    const validator = validatorModules(loaded.afterCompile);
    expect(validator.some((url) => url.endsWith('/dist/core/policy/policy-parse.js'))).toBe(true);
    expect(validator.some((url) => url.includes('/urlpattern-polyfill/'))).toBe(true);
  });
});

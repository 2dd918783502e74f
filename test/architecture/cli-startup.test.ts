/**
 * `hoplens` starts fast: the executable is a bundle (scripts/build-cli.mjs) whose entry, dist/cli/main.js, answers
 * `--version` with what it imports statically, which is none of our dependencies; it then imports the command line
 * (commander and the command tree), and each command imports its own code when it runs. `hoplens serve` imports the
 * service from dist/service/ inside its action (src/cli/commands/serve.ts), so only that command pays for Fastify.
 * Checked on the built files: which packages a chunk holds is read from the comments esbuild writes before each
 * bundled module (`// node_modules/undici/lib/core/util.js`); what it loads from outside, from its imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../helpers/cli.js';

const MAIN = join(ROOT, 'dist', 'cli', 'main.js');

/** The specifiers of a module's static imports (`import 'x'`, `import ... from`, `export ... from`; not `import()`). */
function staticSpecifiers(text: string): string[] {
  const statement = /(?:^|\n)\s*(?:import\s*['"]([^'"]+)['"]|(?:import|export)\b[^'"();]*?from\s*['"]([^'"]+)['"])/g;
  return [...text.matchAll(statement)].map((match) => (match[1] ?? match[2])!);
}

/** The specifiers of a module's dynamic imports with a literal specifier. */
function dynamicSpecifiers(text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!);
}

/** The npm packages bundled into a chunk, from esbuild's comment before each module taken from node_modules. */
function bundledPackages(text: string): string[] {
  const comment = /^\/\/ (?:\S*\/)?node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//gm;
  return [...text.matchAll(comment)].map((match) => match[1]!);
}

/**
 * Everything loaded when `entry` is imported, following its static imports only: the packages bundled into the files
 * reached, and the modules those files import from outside the bundle (Node's own, or dist/service/...).
 */
function loadedFrom(entry: string): { files: Set<string>; packages: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const name of bundledPackages(text)) packages.add(name);
    for (const specifier of staticSpecifiers(text)) {
      const target = resolve(dirname(file), specifier);
      if (!specifier.startsWith('.')) external.add(specifier);
      else if (!target.includes(`${join(ROOT, 'dist', 'cli')}`)) external.add(target);
      else if (!existsSync(target)) throw new Error(`${file} imports ${specifier}, which is not built`);
      else visit(target);
    }
  };
  visit(entry);
  return { files, packages, external };
}

/** The chunk `from` imports dynamically whose name starts with `name` (esbuild names it after the module). */
function dynamicChunk(from: string, name: string): string {
  const specifier = dynamicSpecifiers(readFileSync(from, 'utf8')).find((s) => s.split('/').pop()!.startsWith(name));
  if (specifier === undefined) throw new Error(`${from} does not import a ${name} chunk`);
  return resolve(dirname(from), specifier);
}

const SERVICE_PACKAGES = (name: string) => name === 'fastify' || name.startsWith('@fastify/');

describe('CLI start-up', () => {
  it('answers --version from the entry chunk, which bundles and imports none of our dependencies', () => {
    assertBuilt();
    const entry = loadedFrom(MAIN);
    expect([...entry.packages]).toEqual([]);
    expect([...entry.external].filter((name) => !name.startsWith('node:'))).toEqual([]);
    // The version is written into the entry at build time, not read through the core.
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(readFileSync(MAIN, 'utf8')).toContain(JSON.stringify(version));
  });

  it('loads neither Fastify, nor a browser, nor the HTTP client before a command runs', () => {
    const run = loadedFrom(dynamicChunk(MAIN, 'run-'));
    // The walk does see the bundled packages, so an empty result cannot pass by accident.
    expect([...run.packages]).toContain('commander');
    const loaded = [...run.packages, ...run.external];
    expect(loaded.filter(SERVICE_PACKAGES)).toEqual([]);
    expect(loaded.filter((name) => name.includes('playwright'))).toEqual([]);
    expect(loaded.filter((name) => name.includes('/service/'))).toEqual([]);
  });

  it('loads undici for `hoplens URL`, but neither Fastify, nor a browser, nor the CSV parser', () => {
    const analyze = loadedFrom(dynamicChunk(dynamicChunk(MAIN, 'run-'), 'analyze-'));
    expect([...analyze.packages]).toContain('undici');
    const loaded = [...analyze.packages, ...analyze.external];
    expect(loaded.filter(SERVICE_PACKAGES)).toEqual([]);
    expect(loaded.filter((name) => name.includes('playwright') || name === 'csv-parse')).toEqual([]);
  });

  it('leaves the policy validator, the public suffix list and the HTTP/2 client to the runs that need them', () => {
    const analyze = loadedFrom(dynamicChunk(dynamicChunk(MAIN, 'run-'), 'analyze-'));
    // A policy file is compiled through src/core/policy/policy-parse.ts, imported when one is found; a chain that crosses
    // hosts imports src/core/site-of.ts (tldts).
    for (const name of ['typebox', 'urlpattern-polyfill', 'tldts']) expect(analyze.packages).not.toContain(name);
    const texts = [...analyze.files].map((file) => readFileSync(file, 'utf8'));
    // esbuild names a module by its path from the working directory: `../main/node_modules/...` in a worktree whose
    // node_modules is a link.
    const core = texts.find((text) => /^\/\/ (?:\S*\/)?node_modules\/undici\/lib\/dispatcher\/client\.js$/m.test(text));
    expect(core).toBeDefined();
    expect(core).toContain('require_client_h2()(...args)');
    for (const name of ['policy-parse-', 'site-of-'])
      expect(texts.some((t) => dynamicSpecifiers(t).some((s) => s.includes(name)))).toBe(true);
  });

  it('loads for `hoplens URL` neither the check room, nor the input readers, the pattern matchers or the schemas', () => {
    // The command line declared `check`'s flags through src/cli/check/plan.ts, which loaded all of these (about 1 MB
    // of the 1.9 MB a one-URL run read) before any command ran: its limits now have a file of their own.
    const run = dynamicChunk(MAIN, 'run-');
    const loaded = [loadedFrom(run), loadedFrom(dynamicChunk(run, 'analyze-'))];
    const packages = loaded.flatMap((each) => [...each.packages]);
    expect(packages).toContain('undici');
    for (const name of ['typebox', 're2js', '@eslint-community']) expect(packages).not.toContain(name);
    const texts = loaded.flatMap((each) => [...each.files]).map((file) => readFileSync(file, 'utf8'));
    for (const room of ['src/check/', 'src/inputs/sitemap/', 'src/inputs/patterns/server-regex.ts'])
      expect(texts.some((text) => text.includes(`// ${room}`))).toBe(false);
  });

  it('leaves the crawl, the page parsers and the renderer out of `hoplens check` without --render', () => {
    const check = loadedFrom(dynamicChunk(dynamicChunk(MAIN, 'run-'), 'check-'));
    // The walk sees the check's own packages, so an empty result cannot pass by accident.
    expect([...check.packages]).toContain('undici');
    // The crawl's Markdown and HTML parsers came in through the explanation of crawl findings (src/formats/finding-help.ts)
    // and the renderer through the analyzer's settings: 0.8 MB of code compiled at start for a one-row check.
    for (const name of ['markdown-it', 'parse5', 'tldts']) expect(check.packages).not.toContain(name);
    const texts = [...check.files].map((file) => readFileSync(file, 'utf8'));
    expect(texts.some((text) => text.includes('// src/render/chromium-renderer.ts'))).toBe(false);
    expect(texts.some((text) => text.includes('// src/crawl/link-findings.ts'))).toBe(false);
  });

  it('imports the service from dist/service/, as `npm start` runs it, only in `hoplens serve`', () => {
    const serve = dynamicChunk(dynamicChunk(MAIN, 'run-'), 'serve-');
    const service = dynamicSpecifiers(readFileSync(serve, 'utf8')).map((s) => resolve(dirname(serve), s));
    expect(service).toContain(join(ROOT, 'dist', 'service', 'index.js'));
    for (const file of service) expect(existsSync(file)).toBe(true);
  });

  it('reads static imports and leaves dynamic ones out', () => {
    const text = [
      "import { a } from './a.js';",
      "export { b } from './b.js';",
      "import './side-effect.js';",
      'import {\n  c,\n} from "fastify";',
      "const d = await import('./d.js');",
    ].join('\n');
    expect(staticSpecifiers(text)).toEqual(['./a.js', './b.js', './side-effect.js', 'fastify']);
    expect(dynamicSpecifiers(text)).toEqual(['./d.js']);
  });

  it("reads the bundled packages from esbuild's module comments", () => {
    const text = [
      '// ../../main/node_modules/undici/lib/core/util.js',
      'var require_util = __commonJS({',
      '// node_modules/@fastify/static/index.js',
      '// src/cli/run.ts',
    ].join('\n');
    expect(bundledPackages(text)).toEqual(['undici', '@fastify/static']);
  });
});

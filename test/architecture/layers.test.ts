/**
 * The architecture, enforced: dependencies point inward. The core knows nothing of the faces; the capabilities beside
 * it (src/check, src/schemas) know the core only; the redirect-rule formats (src/rules) know the core's entry and
 * src/check (the rows they yield), and are shared by the faces; a face reaches the core only through its public entry
 * (src/core/index.ts) and never another face, except in the composition roots listed below. The renderer (src/render)
 * sits beside the core too: it knows the core's public entry only, and only the faces and the package entry know it,
 * through its own entry (src/render/index.ts). Monitors (src/monitor) sit beside the core as well: they know the core's
 * entry, src/check and src/schemas; only the service knows them, through src/monitor/index.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** Where a file sits: the core, a capability beside it, a face, or the package entry. */
type Layer = 'core' | 'render' | 'check' | 'schemas' | 'rules' | 'monitor' | 'cli' | 'service' | 'web' | 'entry';

const FACES: ReadonlySet<Layer> = new Set(['cli', 'service', 'web']);

/** Files allowed to import another face: they put faces together (the service serves the page). */
const COMPOSITION_ROOTS: ReadonlyMap<string, ReadonlySet<Layer>> = new Map([
  ['service/app.ts', new Set<Layer>(['web'])],
  ['cli/commands/serve.ts', new Set<Layer>(['service'])],
]);

/**
 * The core's public entries: src/core/index.ts, and the policy file's validator, kept apart so that a bundle that
 * reads no policy file never loads it (src/core/policy-parse.ts says why).
 */
const CORE_ENTRIES = new Set(['core/index.ts', 'core/policy-parse.ts']);

/**
 * Core modules the web page may import directly. src/core/index.ts also exports the tracer, which needs Node and
 * undici and cannot be bundled for a browser; these modules import nothing at run time (checked below), so the page
 * shares the core's one definition (a bare host's URL, a redirect count, how a URL is shown, when two URLs are the
 * same page) instead of copying it.
 */
const PAGE_SAFE_CORE: ReadonlySet<string> = new Set([
  'core/url-input.ts',
  'core/redirect-count.ts',
  'core/display-url.ts',
  'core/comparable-url.ts',
]);

/** The package's entries (package.json "exports"): `hoplens` and `hoplens/policy`. */
const PACKAGE_ENTRIES: ReadonlySet<string> = new Set(['index.ts', 'policy.ts']);

function layerOf(file: string): Layer {
  const top = relative(SRC, file).split('/')[0]!;
  if (PACKAGE_ENTRIES.has(top)) return 'entry';
  if (['core', 'render', 'check', 'schemas', 'rules', 'monitor', 'cli', 'service', 'web'].includes(top)) {
    return top as Layer;
  }
  throw new Error(`${relative(SRC, file)} sits in no known layer: add it to this test`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers of a source text's static, type-only, re-export and dynamic imports. */
function specifiersIn(text: string): string[] {
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
}

/** Every relative module a file imports (static, type-only, re-exports and dynamic), resolved to a source path. */
function importsOf(file: string): string[] {
  return specifiersIn(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts'));
}

/** What is wrong with `file` importing `target`, or undefined when the import is allowed. */
function violation(file: string, target: string): string | undefined {
  const from = layerOf(file);
  const to = layerOf(target);
  if (from === to || from === 'entry') return undefined;
  if (from === 'core') return `the core imports ${to}`;
  if (from === 'render' && to !== 'core') return `the renderer imports ${to}`;
  if (to === 'render') {
    if (!FACES.has(from)) return `${from} imports the renderer`;
    return relative(SRC, target) === 'render/index.ts'
      ? undefined
      : 'reaches into the renderer past src/render/index.ts';
  }
  if (to === 'core') {
    const path = relative(SRC, target);
    if (CORE_ENTRIES.has(path)) return undefined;
    if (relative(SRC, file).startsWith('web/client/') && PAGE_SAFE_CORE.has(path)) return undefined;
    return 'reaches into the core past src/core/index.ts';
  }
  if (from === 'check' || from === 'schemas') {
    return to === 'schemas' || to === 'check'
      ? undefined
      : `${from} imports the ${to} ${to === 'rules' ? 'layer' : 'face'}`;
  }
  if (from === 'rules') return to === 'check' ? undefined : `rules imports the ${to} face`;
  // Monitors sit beside the core: they know the core's entry, the row expectations and the schemas, no face.
  if (from === 'monitor') {
    return to === 'schemas' || to === 'check' ? undefined : `monitor imports the ${to} face`;
  }
  if (to === 'monitor') {
    if (from !== 'service') return `${from} imports monitor`;
    return relative(SRC, target) === 'monitor/index.ts' ? undefined : 'reaches into monitor past src/monitor/index.ts';
  }
  if (FACES.has(to)) {
    return COMPOSITION_ROOTS.get(relative(SRC, file))?.has(to) ? undefined : `the ${from} face imports the ${to} face`;
  }
  return undefined;
}

function violations(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file).flatMap((target) => {
      const why = violation(file, target);
      return why === undefined ? [] : [`${relative(SRC, file)} → ${relative(SRC, target)}: ${why}`];
    }),
  );
}

describe('layers', () => {
  it('every import in src/ points inward', () => {
    expect(violations(sourceFiles(SRC))).toEqual([]);
  });

  it('lets the page import only the core files that import nothing, and nothing else past the entry', () => {
    const at = (path: string) => join(SRC, path);
    expect(violation(at('web/client/query-params.ts'), at('core/url-input.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('core/url-input.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('web/client/main.ts'), at('core/analyzer.ts'))).toMatch(/past src\/core\/index.ts/);
  });

  it('catches each kind of wrong import (the rule itself can fail)', () => {
    const at = (path: string) => join(SRC, path);
    expect(violation(at('core/trace.ts'), at('cli/run.ts'))).toMatch(/core imports cli/);
    expect(violation(at('cli/run.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('cli/run.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('service/app.ts'))).toMatch(/cli face imports the service face/);
    expect(violation(at('web/plugin.ts'), at('service/app.ts'))).toMatch(/web face imports the service face/);
    expect(violation(at('check/runner.ts'), at('cli/io.ts'))).toMatch(/check imports the cli face/);
    expect(violation(at('rules/netlify.ts'), at('cli/errors.ts'))).toMatch(/rules imports the cli face/);
    expect(violation(at('rules/netlify.ts'), at('core/errors.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('rules/netlify.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('rules/rule-row.ts'), at('check/row.ts'))).toBeUndefined();
    expect(violation(at('check/runner.ts'), at('rules/index.ts'))).toMatch(/check imports the rules layer/);
    expect(violation(at('cli/inputs/source.ts'), at('rules/index.ts'))).toBeUndefined();
    expect(violation(at('service/app.ts'), at('web/plugin.ts'))).toBeUndefined();
    expect(violation(at('web/client/api-types.ts'), at('schemas/analysis-result.ts'))).toBeUndefined();
    expect(violation(at('web/client/verdict.ts'), at('core/redirect-count.ts'))).toBeUndefined();
    expect(violation(at('web/client/verdict.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('cli/run.ts'), at('core/redirect-count.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('core/analyzer.ts'), at('render/index.ts'))).toMatch(/core imports render/);
    expect(violation(at('render/chromium-renderer.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('render/chromium-renderer.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('render/chromium-renderer.ts'), at('service/app.ts'))).toMatch(/renderer imports service/);
    expect(violation(at('check/runner.ts'), at('render/index.ts'))).toMatch(/check imports the renderer/);
    expect(violation(at('service/app.ts'), at('render/index.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('render/browser-launcher.ts'))).toMatch(/past src\/render\/index.ts/);
    expect(violation(at('index.ts'), at('render/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('check/expectation.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('monitor/monitor-system.ts'), at('service/app.ts'))).toMatch(
      /monitor imports the service face/,
    );
    expect(violation(at('service/app.ts'), at('monitor/index.ts'))).toBeUndefined();
    expect(violation(at('service/app.ts'), at('monitor/monitor-store.ts'))).toMatch(/past src\/monitor\/index.ts/);
    expect(violation(at('cli/run.ts'), at('monitor/index.ts'))).toMatch(/cli imports monitor/);
    expect(violation(at('check/runner.ts'), at('monitor/index.ts'))).toMatch(/check imports the monitor/);
  });

  it('the core modules the page imports import nothing at run time but type-only core modules', () => {
    for (const path of PAGE_SAFE_CORE) {
      const text = readFileSync(join(SRC, path), 'utf8');
      const runtime = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/g)];
      expect(
        runtime.map((match) => match[1]),
        path,
      ).toEqual([]);
      expect(text, path).not.toMatch(/\bimport\(/);
    }
  });

  it('loads playwright-core only when a page is rendered: nothing in src/ imports it but for types, or dynamically', () => {
    const eager = sourceFiles(SRC).filter((file) =>
      /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]playwright-core['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(eager.map((file) => relative(SRC, file))).toEqual([]);
    const launcher = readFileSync(join(SRC, 'render', 'browser-launcher.ts'), 'utf8');
    expect(specifiersIn(launcher)).toContain('playwright-core');
    expect(launcher).toMatch(/await import\('playwright-core'\)/);
  });

  it('reads every kind of import statement', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../core/types.js';",
      "export { c } from './c.js';",
      "const d = await import('./d.js');",
      'import {\n  e,\n  f,\n} from "./e.js";',
    ].join('\n');
    expect(specifiersIn(text).sort()).toEqual(['../core/types.js', './a.js', './c.js', './d.js', './e.js']);
  });
});

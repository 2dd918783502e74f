/**
 * The architecture, enforced: dependencies point inward, and every room is entered by its door. One table says, for
 * each room, the rooms it may use and the files it is entered by. The core knows nothing of the faces; inputs (every
 * input format, the row type) know the core only; check, lint and fix use inputs; the renderer and monitors sit beside
 * the core; the faces (cli, service, web) put them together and never import another face, except in the composition
 * roots listed below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** Where a file sits: a room of src/, or the package entry (src/index.ts). */
type Layer =
  | 'core'
  | 'schemas'
  | 'render'
  | 'inputs'
  | 'check'
  | 'lint'
  | 'fix'
  | 'monitor'
  | 'cli'
  | 'service'
  | 'web'
  | 'entry';

const FACES: ReadonlySet<Layer> = new Set(['cli', 'service', 'web']);

/** A room: the rooms it may import, and the files other rooms enter it by (undefined: not enforced yet). */
interface Room {
  uses: readonly Layer[];
  entries?: readonly string[];
}

/**
 * The one table of rooms. The core's second entry is the policy file's validator, kept apart so that a bundle that
 * reads no policy file never loads it (src/core/policy-parse.ts says why); inputs' second entry is the pattern
 * matchers, loaded only when a command matches rules, and its third the parts that load no reader (src/inputs/light.ts), which
 * a command line needs at start-up; lint's second is its error codes, which the CLI maps at start-up. Check's entry is on its way (issue 24's "the bulk check judges
 * and tallies its own rows"): until it lands, its files are not guarded. The faces have no entry: only their
 * composition roots import them.
 */
const ROOMS: Readonly<Record<Exclude<Layer, 'entry'>, Room>> = {
  core: { uses: [], entries: ['core/index.ts', 'core/policy-parse.ts'] },
  schemas: { uses: ['core'] },
  render: { uses: ['core'], entries: ['render/index.ts'] },
  inputs: { uses: ['core'], entries: ['inputs/index.ts', 'inputs/patterns/index.ts', 'inputs/light.ts'] },
  check: { uses: ['core', 'schemas', 'inputs'] },
  lint: { uses: ['core', 'inputs'], entries: ['lint/index.ts', 'lint/errors.ts'] },
  fix: { uses: ['core', 'inputs', 'lint', 'check'], entries: ['fix/index.ts'] },
  monitor: { uses: ['core', 'schemas', 'check', 'inputs'], entries: ['monitor/index.ts'] },
  cli: { uses: ['core', 'schemas', 'render', 'inputs', 'check', 'lint', 'fix'] },
  service: { uses: ['core', 'schemas', 'render', 'monitor'] },
  web: { uses: ['core', 'schemas'] },
};

/** Files allowed to import another face: they put faces together (the service serves the page). */
const COMPOSITION_ROOTS: ReadonlyMap<string, ReadonlySet<Layer>> = new Map([
  ['service/app.ts', new Set<Layer>(['web'])],
  ['cli/commands/serve.ts', new Set<Layer>(['service'])],
]);

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

function layerOf(file: string): Layer {
  const top = relative(SRC, file).split('/')[0]!;
  if (top === 'index.ts') return 'entry';
  if (Object.hasOwn(ROOMS, top)) return top as Layer;
  throw new Error(`${relative(SRC, file)} sits in no known room: add it to ROOMS in this test`);
}

/** A room as messages name it: `the core`, `the renderer`, `the cli face`, `the inputs room`. */
function named(layer: Layer): string {
  if (layer === 'core') return 'the core';
  if (layer === 'render') return 'the renderer';
  return FACES.has(layer) ? `the ${layer} face` : `the ${layer} room`;
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
  if (!ROOMS[from].uses.includes(to) && !COMPOSITION_ROOTS.get(relative(SRC, file))?.has(to)) {
    return `${named(from)} imports ${named(to)}`;
  }
  const entries = to === 'entry' ? undefined : ROOMS[to].entries;
  const path = relative(SRC, target);
  if (entries === undefined || entries.includes(path)) return undefined;
  if (relative(SRC, file).startsWith('web/client/') && PAGE_SAFE_CORE.has(path)) return undefined;
  return `reaches into ${named(to)} past src/${entries[0]}`;
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
    expect(violation(at('core/trace.ts'), at('cli/run.ts'))).toMatch(/the core imports the cli face/);
    expect(violation(at('cli/run.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('cli/run.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('service/app.ts'))).toMatch(/the cli face imports the service face/);
    expect(violation(at('web/plugin.ts'), at('service/app.ts'))).toMatch(/web face imports the service face/);
    expect(violation(at('check/runner.ts'), at('cli/io.ts'))).toMatch(/the check room imports the cli face/);
    expect(violation(at('inputs/netlify.ts'), at('cli/errors.ts'))).toMatch(/the inputs room imports the cli face/);
    expect(violation(at('inputs/netlify.ts'), at('core/errors.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('inputs/netlify.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('inputs/rule-row.ts'), at('inputs/row.ts'))).toBeUndefined();
    expect(violation(at('check/runner.ts'), at('inputs/index.ts'))).toBeUndefined();
    expect(violation(at('check/runner.ts'), at('inputs/netlify.ts'))).toMatch(/past src\/inputs\/index.ts/);
    expect(violation(at('inputs/netlify.ts'), at('check/runner.ts'))).toMatch(/the inputs room imports the check room/);
    expect(violation(at('cli/commands/check.ts'), at('inputs/index.ts'))).toBeUndefined();
    expect(violation(at('service/app.ts'), at('web/plugin.ts'))).toBeUndefined();
    expect(violation(at('web/client/api-types.ts'), at('schemas/analysis-result.ts'))).toBeUndefined();
    expect(violation(at('web/client/verdict.ts'), at('core/redirect-count.ts'))).toBeUndefined();
    expect(violation(at('web/client/verdict.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('cli/run.ts'), at('core/redirect-count.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('core/analyzer.ts'), at('render/index.ts'))).toMatch(/the core imports the renderer/);
    expect(violation(at('render/chromium-renderer.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('render/chromium-renderer.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('render/chromium-renderer.ts'), at('service/app.ts'))).toMatch(
      /the renderer imports the service face/,
    );
    expect(violation(at('check/runner.ts'), at('render/index.ts'))).toMatch(/the check room imports the renderer/);
    expect(violation(at('service/app.ts'), at('render/index.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('render/browser-launcher.ts'))).toMatch(/past src\/render\/index.ts/);
    expect(violation(at('index.ts'), at('render/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('check/expectation.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('monitor/monitor-system.ts'), at('service/app.ts'))).toMatch(
      /the monitor room imports the service face/,
    );
    expect(violation(at('service/app.ts'), at('monitor/index.ts'))).toBeUndefined();
    // The rooms of issue 24: inputs below check, lint and fix; each entered by its index.ts.
    expect(violation(at('lint/index.ts'), at('inputs/index.ts'))).toBeUndefined();
    expect(violation(at('lint/index.ts'), at('inputs/formats/nginx/read.ts'))).toMatch(/past src\/inputs\/index.ts/);
    expect(violation(at('inputs/plan.ts'), at('lint/index.ts'))).toMatch(/the inputs room imports the lint room/);
    expect(violation(at('lint/index.ts'), at('fix/index.ts'))).toMatch(/the lint room imports the fix room/);
    expect(violation(at('fix/flatten.ts'), at('lint/index.ts'))).toBeUndefined();
    expect(violation(at('cli/commands/fix.ts'), at('fix/flatten.ts'))).toMatch(/past src\/fix\/index.ts/);
    expect(violation(at('cli/commands/lint.ts'), at('lint/rule-graph.ts'))).toMatch(/past src\/lint\/index.ts/);
    expect(violation(at('cli/commands/check.ts'), at('inputs/patterns/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/run-check.ts'), at('lint/index.ts'))).toMatch(
      /the monitor room imports the lint room/,
    );
    expect(violation(at('service/app.ts'), at('monitor/monitor-store.ts'))).toMatch(/past src\/monitor\/index.ts/);
    expect(violation(at('cli/run.ts'), at('monitor/index.ts'))).toMatch(/the cli face imports the monitor room/);
    expect(violation(at('check/runner.ts'), at('monitor/index.ts'))).toMatch(/the check room imports the monitor room/);
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

/**
 * The architecture, enforced: dependencies point inward, and every room is entered by its door. One table says, for
 * each room, the rooms it may use and the files it is entered by. The core knows nothing of the faces; inputs (every
 * input format, the row type) know the core only; check, lint and fix use inputs; the renderer and monitors sit beside
 * the core; the faces (cli, service, web) put them together and never import another face, except in the composition
 * roots listed below.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFiles, specifiersIn } from './import-graph.js';

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
  | 'database'
  | 'variants'
  | 'report'
  | 'crawl'
  | 'compare'
  | 'file-links'
  | 'coverage'
  | 'formats'
  | 'suggest'
  | 'cli'
  | 'service'
  | 'web'
  | 'mcp'
  | 'entry';

const FACES: ReadonlySet<Layer> = new Set(['cli', 'service', 'web', 'mcp']);

/**
 * A room: the rooms it may import, the files other rooms enter it by (undefined: not enforced), and the entry the
 * web page may use instead, which imports no Node module (checked below), so that the page shares the room's code
 * rather than copying it.
 */
interface Room {
  uses: readonly Layer[];
  entries?: readonly string[];
  /** One entry, or several: the report's drawing and its DOM-free text helpers. */
  pageEntry?: string | readonly string[];
}

/**
 * The one table of rooms. The core's second entry is the policy file's validator, kept apart so that a bundle that
 * reads no policy file never loads it (src/core/policy/policy-parse.ts says why); inputs' second entry is the pattern
 * matchers, loaded only when a command matches rules, and its third the parts that load no reader (src/inputs/light.ts), which
 * a command line needs at start-up, its fourth the log readers, its fifth Markdown's heading anchors (the served
 * docs and the files crawl's fragment check) and its sixth the parsers of links inside HTML values (srcset, CSS,
 * JSON-LD: the site crawl's and the files crawl's); lint's second is its error codes, which the CLI maps at start-up. The page's
 * entries: the core's portable part (URL input, display URL, redirect count, comparable URL, the option table) and
 * check's judging. The service has an entry for the composition root that serves it (`hoplens serve`); the other
 * faces have none: only their composition roots import them.
 */
const ROOMS: Readonly<Record<Exclude<Layer, 'entry'>, Room>> = {
  // Its folders by mechanism (issue 43): robots/ (robots.txt and directives), hop/ (sending one hop), address/ (the SSRF
  // guard, its connector and resolvers), issues/ (what is said of each kind of finding), each entered
  // from the rest of the core by its index.ts.
  core: {
    uses: [],
    entries: ['core/index.ts', 'core/policy/policy-parse.ts', 'core/portable/index.ts'],
    pageEntry: 'core/portable/index.ts',
  },
  schemas: { uses: ['core'] },
  render: { uses: ['core'], entries: ['render/index.ts'] },
  inputs: {
    uses: ['core'],
    entries: [
      'inputs/index.ts',
      'inputs/patterns/index.ts',
      'inputs/light.ts',
      'inputs/logs/index.ts',
      'inputs/markdown/index.ts',
      'inputs/html/index.ts',
    ],
    // The page's: inputs' text parsers, which read a list, a CSV or a rules file as the CLI does.
    pageEntry: 'inputs/portable.ts',
  },
  // Judging rows, and running a whole check (src/check/run/): it finds a rules file's chains as lint does, and runs
  // the variants of each row with `--variants`. Its second entry is the report file's owner (issue 43): the records,
  // the summary record, the readers. Its page entries: the judging, and the report file's portable part, with which
  // the page writes and reads reports.
  check: {
    uses: ['core', 'schemas', 'inputs', 'lint', 'variants'],
    entries: ['check/index.ts', 'check/report-file/index.ts'],
    pageEntry: ['check/judging.ts', 'check/report-file/portable.ts'],
  },
  lint: { uses: ['core', 'inputs'], entries: ['lint/index.ts', 'lint/errors.ts'] },
  fix: { uses: ['core', 'inputs', 'lint', 'check'], entries: ['fix/index.ts'] },
  // Its folders (issue 43): runner/ (one monitor's run), alerts/, scheduling/ (when, and housekeeping), maintenance/
  // (windows) and storage/, each entered by its index.ts.
  monitor: { uses: ['core', 'schemas', 'check', 'inputs', 'database'], entries: ['monitor/index.ts'] },
  // The SQL interface and the shared PostgreSQL that monitors and the shared crawl both use.
  database: { uses: [], entries: ['database/index.ts'] },
  variants: { uses: ['core'], entries: ['variants/index.ts'] },
  // The report view (issue 30): the CLI writes it into a file, the page shows it and draws its chains with it.
  report: {
    uses: ['core', 'schemas', 'check'],
    entries: ['report/index.ts'],
    // Its page entries: the chain drawing and report view, the DOM-free text helpers, and the small DOM kit both the
    // report view and the page build their elements with.
    pageEntry: ['report/view/page.ts', 'report/view/text.ts', 'report/view/dom.ts'],
  },
  // The site crawl (issue 31): reads sitemaps with inputs, judges and writes nothing itself; the CLI runs it.
  // Its second entry is the shared PostgreSQL store (src/crawl/pg/), which only `crawl --worker` and `crawl report` load;
  // its third the finding kinds, which the CLI explains at start-up without loading the crawl; its fourth the table of
  // its sitemap limits, whose flags the CLI declares at start-up; its fifth its error codes, which the CLI maps.
  crawl: {
    uses: ['core', 'inputs', 'check', 'database'],
    entries: [
      'crawl/index.ts',
      'crawl/pg/index.ts',
      'crawl/crawl-issue-types.ts',
      'crawl/crawl-options.ts',
      'crawl/errors.ts',
    ],
  },
  // What changed between two crawls (issue 45, `hoplens compare`): reads two crawl states through the crawl's reader
  // and returns the changes, ranked; the formats room writes them, the CLI only parses flags.
  // Its second entry is the kinds of change, which the CLI declares at start-up without loading the comparison.
  compare: { uses: ['core', 'crawl'], entries: ['compare/index.ts', 'compare/change-kinds.ts'] },
  // The files crawl (issue 43): the links in local Markdown and HTML files, read through inputs (its file walking
  // and its text-edit engine, shared with fix's rule writers), judged with the site crawl's findings, and their
  // `--fix`; `hoplens crawl docs/` only parses flags and writes.
  'file-links': { uses: ['core', 'inputs', 'crawl'], entries: ['file-links/index.ts'] },
  // Traffic-weighted coverage of a redirect map (issue 45): the map read and matched with inputs (its readers and the
  // formats' own matchers), the traffic counted by inputs' log readers, `--live` run and judged by check, and the HTML
  // report made with the report room's page kit.
  coverage: { uses: ['core', 'inputs', 'check', 'report'], entries: ['coverage/index.ts'] },
  // The output formats (issue 43), between the rooms and the faces: reports written as text to a writer the face
  // gives, in folders by mechanism: check/ (rows as they come, JUnit's cases spooled to what the face gives), ci/
  // (GitHub, SARIF, GitLab, Markdown from one report of findings) and lint/ (lint's findings). Its second entry is the
  // format names and the formatter interface, which a command line declares at start-up; its third every finding kind
  // with its help page (the core's, the variants' and the crawl's), which `hoplens explain` loads at start-up; then
  // compare/ (`hoplens compare`'s table, JSON, CSV and HTML page) and its format names, declared at start-up.
  formats: {
    uses: ['core', 'check', 'lint', 'variants', 'crawl', 'compare', 'report'],
    entries: [
      'formats/index.ts',
      'formats/formatter.ts',
      'formats/finding-help.ts',
      'formats/compare/index.ts',
      'formats/compare/compare-formats.ts',
    ],
  },
  // The suggestions of issue 45: for each old URL a map leaves out, the new URL it most likely moved to, with a
  // confidence and the reason; it reads the pages through inputs (and a crawl's state through crawl), and lays
  // rule files out with inputs' writers.
  suggest: { uses: ['core', 'inputs', 'crawl'], entries: ['suggest/index.ts'] },
  cli: {
    uses: [
      'core',
      'schemas',
      'render',
      'inputs',
      'check',
      'lint',
      'fix',
      'variants',
      'report',
      'crawl',
      'compare',
      'file-links',
      'coverage',
      'formats',
      'suggest',
    ],
  },
  service: {
    uses: ['core', 'schemas', 'inputs', 'render', 'monitor', 'variants', 'formats'],
    entries: ['service/index.ts'],
  },
  web: { uses: ['core', 'schemas', 'check', 'inputs', 'report'] },
  // The MCP face (issue 47): hoplens's tools for assistants, each a thin call into the rooms the CLI and the service
  // use (analysis, check, variants, lint, fix, explain) and the docs as resources; `hoplens mcp` connects it to stdio.
  mcp: {
    uses: ['core', 'schemas', 'inputs', 'check', 'lint', 'fix', 'variants', 'formats', 'coverage', 'suggest'],
    entries: ['mcp/index.ts'],
  },
};

/**
 * The packages a page entry may import at run time: each a self-contained browser build that imports nothing itself
 * (checked below), so that the page's bundle holds it whole: csv-parse's synchronous parser, for the page's CSV, and
 * path-to-regexp (one file, no imports), with which Vercel reads a source as inputs' vercel.json parser does.
 */
const PAGE_PACKAGES: ReadonlySet<string> = new Set(['csv-parse/browser/esm/sync', 'path-to-regexp']);

/** Files allowed to import another face: they put faces together (the service serves the page). */
const COMPOSITION_ROOTS: ReadonlyMap<string, ReadonlySet<Layer>> = new Map([
  ['service/app.ts', new Set<Layer>(['web'])],
  ['cli/commands/serve.ts', new Set<Layer>(['service'])],
  ['cli/commands/mcp.ts', new Set<Layer>(['mcp'])],
  // `POST /mcp` (HOPLENS_MCP=on): the service serves the MCP face over HTTP, as `hoplens mcp` does over stdio.
  ['service/routes/mcp.ts', new Set<Layer>(['mcp'])],
]);

/** The package's entries (package.json "exports"): `hoplens` and `hoplens/policy`. */
const PACKAGE_ENTRIES: ReadonlySet<string> = new Set(['index.ts', 'policy.ts']);

function layerOf(file: string): Layer {
  const top = relative(SRC, file).split('/')[0]!;
  if (PACKAGE_ENTRIES.has(top)) return 'entry';
  if (Object.hasOwn(ROOMS, top)) return top as Layer;
  throw new Error(`${relative(SRC, file)} sits in no known room: add it to ROOMS in this test`);
}

/** A room as messages name it: `the core`, `the renderer`, `the cli face`, `the inputs room`. */
function named(layer: Layer): string {
  if (layer === 'core') return 'the core';
  if (layer === 'render') return 'the renderer';
  return FACES.has(layer) ? `the ${layer} face` : `the ${layer} room`;
}

/** What is wrong with `file` importing `target`, or undefined when the import is allowed. */
function violation(file: string, target: string): string | undefined {
  const from = layerOf(file);
  const to = layerOf(target);
  if (from === to || from === 'entry') return undefined;
  if (!ROOMS[from].uses.includes(to) && !COMPOSITION_ROOTS.get(relative(SRC, file))?.has(to)) {
    return `${named(from)} imports ${named(to)}`;
  }
  if (to === 'entry') return undefined;
  const { entries, pageEntry } = ROOMS[to];
  const path = relative(SRC, target);
  if (entries === undefined || entries.includes(path)) return undefined;
  // Browser code (the page, the report's view and its model) may use a room's page entry.
  const browser = /^(web\/client|report)\//.test(relative(SRC, file));
  if (browser && [pageEntry].flat().includes(path)) return undefined;
  return `reaches into ${named(to)} past src/${entries[0]}`;
}

/** Whether every name `text` imports from `specifier` is marked `type` (`import { type A, type B } from ...`). */
function typeOnly(text: string, specifier: string): boolean {
  const clause = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
  );
  const names = clause
    .exec(text)?.[1]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names?.every((name) => name.startsWith('type ')) ?? false;
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

  it("lets the page import only the rooms' page entries, and nothing else past the entry", () => {
    const at = (path: string) => join(SRC, path);
    expect(violation(at('web/client/query-params.ts'), at('core/portable/index.ts'))).toBeUndefined();
    expect(violation(at('web/client/query-params.ts'), at('core/portable/url-input.ts'))).toMatch(
      /past src\/core\/index.ts/,
    );
    expect(violation(at('web/client/query-params.ts'), at('core/options.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('check/expectation.ts'), at('core/portable/index.ts'))).toBeUndefined();
    expect(violation(at('web/client/main.ts'), at('core/analyzer.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('web/client/main.ts'), at('check/judging.ts'))).toBeUndefined();
    expect(violation(at('web/client/main.ts'), at('check/runner.ts'))).toMatch(/past src\/check\/index.ts/);
    expect(violation(at('cli/run.ts'), at('check/judging.ts'))).toMatch(/past src\/check\/index.ts/);
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
    expect(violation(at('web/client/verdict.ts'), at('core/portable/index.ts'))).toBeUndefined();
    expect(violation(at('web/client/verdict.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('cli/run.ts'), at('core/portable/redirect-count.ts'))).toMatch(/past src\/core\/index.ts/);
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
    expect(violation(at('monitor/runner/run-once.ts'), at('check/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/runner/run-once.ts'), at('core/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/runner/run-once.ts'), at('core/trace.ts'))).toMatch(/past src\/core\/index.ts/);
    expect(violation(at('monitor/monitor-system.ts'), at('service/app.ts'))).toMatch(
      /the monitor room imports the service face/,
    );
    expect(violation(at('service/app.ts'), at('monitor/index.ts'))).toBeUndefined();
    expect(violation(at('cli/commands/serve.ts'), at('service/index.ts'))).toBeUndefined();
    expect(violation(at('cli/commands/serve.ts'), at('service/start-service.ts'))).toMatch(
      /past src\/service\/index.ts/,
    );
    // The rooms of issue 24: inputs below check, lint and fix; each entered by its index.ts.
    expect(violation(at('lint/index.ts'), at('inputs/index.ts'))).toBeUndefined();
    expect(violation(at('lint/index.ts'), at('inputs/formats/nginx/read.ts'))).toMatch(/past src\/inputs\/index.ts/);
    expect(violation(at('inputs/plan.ts'), at('lint/index.ts'))).toMatch(/the inputs room imports the lint room/);
    expect(violation(at('lint/index.ts'), at('fix/index.ts'))).toMatch(/the lint room imports the fix room/);
    expect(violation(at('fix/flatten.ts'), at('lint/index.ts'))).toBeUndefined();
    expect(violation(at('cli/commands/fix.ts'), at('fix/flatten.ts'))).toMatch(/past src\/fix\/index.ts/);
    expect(violation(at('cli/commands/lint.ts'), at('lint/rule-graph.ts'))).toMatch(/past src\/lint\/index.ts/);
    expect(violation(at('cli/commands/check.ts'), at('inputs/patterns/index.ts'))).toBeUndefined();
    expect(violation(at('monitor/runner/run-once.ts'), at('lint/index.ts'))).toMatch(
      /the monitor room imports the lint room/,
    );
    expect(violation(at('service/app.ts'), at('monitor/storage/monitor-store.ts'))).toMatch(
      /past src\/monitor\/index.ts/,
    );
    expect(violation(at('cli/run.ts'), at('monitor/index.ts'))).toMatch(/the cli face imports the monitor room/);
    expect(violation(at('check/runner.ts'), at('monitor/index.ts'))).toMatch(/the check room imports the monitor room/);
    expect(violation(at('cli/commands/mcp.ts'), at('mcp/index.ts'))).toBeUndefined();
    expect(violation(at('cli/run.ts'), at('mcp/index.ts'))).toMatch(/the cli face imports the mcp face/);
    expect(violation(at('cli/commands/mcp.ts'), at('mcp/server.ts'))).toMatch(/past src\/mcp\/index.ts/);
    expect(violation(at('mcp/tools/analyze.ts'), at('cli/analyzer.ts'))).toMatch(/the mcp face imports the cli face/);
  });

  it('the page entries import nothing at run time outside src/ but type-only modules, and load nothing lazily', () => {
    for (const [room, { pageEntry }] of Object.entries(ROOMS)) {
      if (pageEntry === undefined) continue;
      const seen = new Set<string>();
      const pending = [pageEntry].flat().map((entry) => join(SRC, entry));
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        if (seen.has(file)) continue;
        seen.add(file);
        const text = readFileSync(file, 'utf8');
        const runtime = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]/g)]
          .map((match) => match[1]!)
          // `import { type A, type B } from` brings in types only, as `import type` does.
          .filter((specifier) => !typeOnly(text, specifier));
        expect(
          runtime.filter((specifier) => !specifier.startsWith('.') && !PAGE_PACKAGES.has(specifier)),
          relative(SRC, file),
        ).toEqual([]);
        expect(text, relative(SRC, file)).not.toMatch(/\bimport\(/);
        pending.push(
          ...runtime
            .filter((specifier) => specifier.startsWith('.'))
            .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts')),
        );
      }
      // What the walk reaches: the entry's own modules, and for check the core's portable part, never the tracer.
      const reached = [...seen].map((file) => relative(SRC, file));
      expect(reached, room).not.toContain('core/trace.ts');
      expect(reached, room).not.toContain('core/index.ts');
    }
  });

  it('the packages a page entry may import are browser builds that import nothing', () => {
    const require = createRequire(import.meta.url);
    for (const specifier of PAGE_PACKAGES) {
      const text = readFileSync(require.resolve(specifier), 'utf8');
      expect(specifiersIn(text), specifier).toEqual([]);
      expect(text, specifier).not.toMatch(/\brequire\(/);
      expect(text, specifier).not.toMatch(/['"]node:/);
    }
  });

  it("inputs' page entry reaches the text parsers, not the streaming readers", () => {
    const reached = new Set<string>();
    const pending = [join(SRC, 'inputs', 'portable.ts')];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      pending.push(...importsOf(file));
    }
    const files = [...reached].map((file) => relative(SRC, file));
    expect(files).toContain('inputs/formats/nginx/read.ts');
    expect(files).toContain('inputs/csv/rows.ts');
    for (const reader of ['inputs/index.ts', 'inputs/source.ts', 'inputs/text/lines.ts', 'inputs/text/csv-records.ts'])
      expect(files).not.toContain(reader);
  });

  it('never loads playwright-core: the renderer drives Chromium over its DevTools pipe itself', () => {
    // playwright-core's page and routing machinery was about half of a render's CPU (BENCHMARKS.md, workload 6); it
    // stays a dependency of the tests only.
    const importing = sourceFiles(SRC).filter((file) =>
      specifiersIn(readFileSync(file, 'utf8')).some((specifier) => specifier.startsWith('playwright')),
    );
    expect(importing.map((file) => relative(SRC, file))).toEqual([]);
    const launcher = readFileSync(join(SRC, 'render', 'cdp-browser.ts'), 'utf8');
    expect(launcher).toContain("'--remote-debugging-pipe'");
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

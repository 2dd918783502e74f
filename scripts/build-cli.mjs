// Bundles the `hoplens` executable: src/cli/main.ts and everything it runs, npm dependencies included, into
// dist/cli/main.js and chunks in dist/cli-chunks/, one per command's own code, loaded by `import()` when that
// command runs. A dozen files to read instead of about 230 (our modules, undici's 110, commander's); `--version` loads
// none of our dependencies, `hoplens URL` not the CSV parser. The service is left out: `hoplens serve` imports it
// from dist/service/ as `npm start` runs it (it serves files found beside its own modules).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serviceSources = join(root, 'src', 'service');

/** The chunks' directory, beside dist/cli/ so that `../service/` means dist/service/ from every output file. */
export const CLI_CHUNKS_DIR = 'cli-chunks';

/** Imports of src/service/... stay imports, of the compiled dist/service/... module. */
const serviceFromDist = {
  name: 'service-from-dist',
  setup(build) {
    build.onResolve({ filter: /\/service\// }, (args) => {
      const source = join(args.resolveDir, args.path);
      if (!source.startsWith(serviceSources)) return undefined;
      return { path: `../service/${relative(serviceSources, source)}`, external: true };
    });
  },
};

const UNDICI_SUBSET = join(root, 'scripts', 'undici-subset.cjs');

/** Every name undici's index exports, read from the installed undici: what `import { X } from 'undici'` may name. */
function undiciExports() {
  return Object.keys(createRequire(import.meta.url)('undici'));
}

/**
 * The subset's other names: a getter each that requires undici itself, left external so that it is loaded from
 * node_modules (a dependency of the package) only when a command uses one of them.
 */
function lazyUndiciExports() {
  const names = JSON.stringify(undiciExports());
  return `\nfor (const name of ${names}) {
  if (!Object.hasOwn(module.exports, name)) {
    Object.defineProperty(module.exports, name, { enumerable: true, get: () => require('undici')[name] });
  }
}\n`;
}

/**
 * `undici`, in the bundle, is the part of it the core uses (scripts/undici-subset.cjs) loaded with the bundle, and the
 * rest of its names loaded from the installed undici when first read.
 */
const undiciSubset = {
  name: 'undici-subset',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer === UNDICI_SUBSET ? { path: 'undici', external: true } : { path: UNDICI_SUBSET },
    );
    build.onLoad({ filter: /undici-subset\.cjs$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8') + lazyUndiciExports(),
      loader: 'js',
    }));
  },
};

/**
 * undici's HTTP/1.1 client requires its HTTP/2 one at load, and with it node:http2, which loads node:tls and most of
 * node:crypto: about a tenth of `hoplens URL`'s start-up (BENCHMARKS.md, the start-up workload) for a run that may
 * never negotiate HTTP/2. In the bundle the HTTP/2 client is required on its first use instead. The build fails if
 * undici's source no longer has the line, so an upgrade cannot silently undo this.
 */
const LAZY_H2_FROM = "const connectH2 = require('./client-h2.js')";
const LAZY_H2_TO = "const connectH2 = (...args) => require('./client-h2.js')(...args)";
const lazyHttp2Client = {
  name: 'lazy-http2-client',
  setup(build) {
    build.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(LAZY_H2_FROM)) throw new Error(`${args.path}: "${LAZY_H2_FROM}" not found`);
      return { contents: source.replace(LAZY_H2_FROM, LAZY_H2_TO), loader: 'js' };
    });
  },
};

/** `import_undici.X` (and `import_undici2.X`...): how esbuild writes a use of a name imported from undici. */
const UNDICI_USE = /\bimport_undici\d*\.([A-Za-z_$][\w$]*)/g;

/** A line of code (not of a comment) that reads `__dirname` or `__filename`, which no ES module has. */
const COMMONJS_PATH = /^(?!\s*(?:\*|\/\/)).*\b__(?:dirname|filename)\b/m;

/**
 * Fails the build when the bundle would fail at run time in a way its own tests might not reach: a name imported
 * from undici that undici does not export (the subset answers for all of them), or a bundled CommonJS module that
 * looks for its files through `__dirname` (what playwright-core did before it was made external).
 */
export function assertBundleSound(dist) {
  const exported = new Set(undiciExports());
  const problems = [];
  for (const dir of ['cli', CLI_CHUNKS_DIR]) {
    for (const file of readdirSync(join(dist, dir)).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(join(dist, dir, file), 'utf8');
      for (const [, name] of code.matchAll(UNDICI_USE)) {
        if (!exported.has(name)) problems.push(`${dir}/${file} uses undici's ${name}, which undici does not export`);
      }
      if (COMMONJS_PATH.test(code))
        problems.push(`${dir}/${file} reads __dirname or __filename (an ES module has none)`);
    }
  }
  if (problems.length > 0) throw new Error(`build-cli: the bundle would fail at run time:\n${problems.join('\n')}`);
}

/** The version `hoplens --version` prints without loading the core (src/core/version.ts reads the same field). */
function packageVersion() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/**
 * Builds the executable into `dist`. tsc leaves src/cli/ out (tsconfig.build.json): the command line ships once, as
 * this bundle, without a source map (it would name sources that are not in the package).
 */
export async function buildCli(dist) {
  const esbuild = await import('esbuild');
  rmSync(join(dist, CLI_CHUNKS_DIR), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    outdir: dist,
    entryNames: 'cli/[name]',
    chunkNames: `${CLI_CHUNKS_DIR}/[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: ['node20'],
    // Bundled CommonJS packages (undici, commander) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __hoplensRequire } from 'node:module';\nconst require = __hoplensRequire(import.meta.url);",
    },
    define: { HOPLENS_VERSION: JSON.stringify(packageVersion()) },
    // playwright-core finds its own files through __dirname, which an ES module has not. Nothing in src/ imports it
    // any more (the renderer drives Chromium over its DevTools pipe); kept out of the bundle should that change.
    external: ['playwright-core'],
    plugins: [serviceFromDist, undiciSubset, lazyHttp2Client],
    logLevel: 'warning',
  });
  assertBundleSound(dist);
}

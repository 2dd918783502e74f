// Bundles the `hoplens` executable: src/cli/main.ts and everything it runs, npm dependencies included, into
// dist/cli/main.js and chunks in dist/cli-chunks/, one per command's own code, loaded by `import()` when that
// command runs. A dozen files to read instead of about 230 (our modules, undici's 110, commander's); `--version` loads
// none of our dependencies, `hoplens URL` not the CSV parser. The service is left out: `hoplens serve` imports it
// from dist/service/ as `npm start` runs it (it serves files found beside its own modules).
import { readFileSync, rmSync } from 'node:fs';
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

/** `undici`, in the bundle, is the part of it the core uses (scripts/undici-subset.cjs). */
const undiciSubset = {
  name: 'undici-subset',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: join(root, 'scripts', 'undici-subset.cjs') }));
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
    plugins: [serviceFromDist, undiciSubset, lazyHttp2Client],
    logLevel: 'warning',
  });
}

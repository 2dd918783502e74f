// Bundles the `hoplens` executable: src/cli/main.ts and everything it runs, npm dependencies included, into
// dist/cli/main.js and chunks in dist/cli-chunks/, one per command's own code, loaded by `import()` when that
// command runs. One file to read at start instead of about 230 (our modules, undici's 110, commander's), and
// `--version` or `--help` load neither the HTTP client nor the CSV parser. The service is left out: `hoplens serve`
// imports it from dist/service/ as `npm start` runs it (it serves files found beside its own modules).
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
 * Our own modules do nothing when imported but define things (none is imported for its side effects), which esbuild
 * is told so that it drops what a chunk does not use: without it, `--version`'s import of the core's index would put
 * every module the index re-exports, undici with them, into the entry chunk.
 */
const ownModulesArePure = {
  name: 'own-modules-are-pure',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.pure || !args.importer.startsWith(join(root, 'src'))) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { pure: true },
      });
      if (resolved.errors.length > 0 || resolved.external) return resolved;
      return { path: resolved.path, sideEffects: !resolved.path.startsWith(join(root, 'src')) };
    });
  },
};

/** The version `hoplens --version` prints without loading the core (src/core/version.ts reads the same field). */
function packageVersion() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/** Builds the executable into `dist` (after tsc, whose dist/cli/main.js it replaces). */
export async function buildCli(dist) {
  const esbuild = await import('esbuild');
  rmSync(join(dist, CLI_CHUNKS_DIR), { recursive: true, force: true });
  // tsc's map describes the file replaced here; the bundle ships without one (it would name sources not packaged).
  rmSync(join(dist, 'cli', 'main.js.map'), { force: true });
  const result = await esbuild.build({
    metafile: true,
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
    plugins: [serviceFromDist, undiciSubset, ownModulesArePure],
    logLevel: 'warning',
  });
  if (process.env.FC_META)
    (await import('node:fs')).writeFileSync(process.env.FC_META, JSON.stringify(result.metafile));
}

#!/usr/bin/env node
/**
 * `npm run build`'s last step: the CLI and each worker thread's entry bundled into dist/bundle/
 * (issue 15: every process and worker resolved, read and compiled several hundred ES modules
 * before its first byte). It bundles tsc's output in dist/, not the sources, so the bundle is the
 * very code the tests cover, and chains tsc's source maps so that a frame names our .ts file.
 *
 * esbuild-wasm: esbuild's own bundler compiled to WebAssembly (one package, no dependency, no
 * native binary or download at install), which takes ES modules and CommonJS packages alike.
 *
 * Code split: each entry's file holds what it loads at start; what a command or a rule set loads
 * on demand (`await import(...)`) stays in chunks of its own, loaded when asked for, as before.
 *
 * A module that finds a file beside itself (`new URL('./x', import.meta.url)`: keyword tables,
 * the name model's data, package.json, createRequire) is given its own location in dist/, where
 * those files are; only the worker entries are looked up beside the bundle, where their bundled
 * files are. dist/bin/atx.js loads the bundle only when it is newer than itself (a later `tsc`
 * alone leaves it stale).
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild-wasm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
export const BUNDLE_DIR = join(DIST, 'bundle');

/** The process's entry and every file a `new Worker(...)` runs, as tsc emits them. */
const ENTRIES = ['bin/cli.js', 'src/cli/convert-worker.js', 'src/cli/upload-worker.js', 'src/server/document-worker.js', 'src/server/index-thread.js', 'src/server/blob-thread.js'];
const WORKER_NAMES = new Set(ENTRIES.slice(1).map((entry) => basename(entry)));
/** Run first in every entry: maps the bundle's stack frames back to our sources (its import.meta.url is the bundle's own). */
const STACKS = join(DIST, 'bin/bundle-stacks.js');

const IMPORT_META_URL = /\bimport\.meta\.url\b/g;
/** `new URL('./<worker>.js', import.meta.url)`: a worker entry, found beside the bundle */
const WORKER_URL = /new URL\((['"])\.\/([\w-]+\.js)\1, import\.meta\.url\)/g;

const workersSeen = new Set();

/** import.meta.url of a dist module, as seen from a bundle file in BUNDLE_DIR. */
const locatedImportMeta = {
  name: 'located-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(`${DIST}/`) || args.path === STACKS) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!IMPORT_META_URL.test(source)) return undefined;
      const own = JSON.stringify(relative(BUNDLE_DIR, args.path));
      const kept = [];
      const marked = source.replace(WORKER_URL, (whole, _quote, name) => {
        if (!WORKER_NAMES.has(name)) return whole;
        workersSeen.add(name);
        kept.push(whole);
        return `\0worker${kept.length - 1}\0`;
      });
      const contents = marked
        .replace(IMPORT_META_URL, `new URL(${own}, import.meta.url).href`)
        .replace(/\0worker(\d+)\0/g, (_whole, index) => kept[Number(index)]);
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * A package that finds files beside itself (its own location through __dirname, __filename or
 * import.meta.url) would look for them beside the bundle: it stays a package, imported from
 * node_modules. A package not listed here that does so fails the build, by name.
 */
const EXTERNAL_PACKAGES = ['node-sqlite3-wasm']; // its .wasm file, through __dirname
const OWN_LOCATION = /^(?!\s*(?:\*|\/\/)).*(?:\b__dirname\b|\b__filename\b|\bimport\.meta\.url\b)/m;
const locatingPackages = new Set();

const packagesThatLocateThemselves = {
  name: 'packages-that-locate-themselves',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(c|m)?js$/ }, (args) => {
      if (OWN_LOCATION.test(readFileSync(args.path, 'utf8'))) locatingPackages.add(args.path.slice(args.path.lastIndexOf('node_modules/') + 'node_modules/'.length));
      return undefined;
    });
  },
};

/** Each entry as a module that runs STACKS before it (imports run in order). */
const withStacks = {
  name: 'entry-with-stacks',
  setup(build) {
    build.onResolve({ filter: /^atx-entry:/ }, (args) => ({ path: args.path.slice('atx-entry:'.length), namespace: 'atx-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'atx-entry' }, (args) => ({
      contents: `import ${JSON.stringify(STACKS)};\nimport ${JSON.stringify(join(DIST, args.path))};\n`,
      loader: 'js',
      resolveDir: DIST,
    }));
  },
};

export async function bundle() {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  for (const file of [...ENTRIES.map((entry) => join(DIST, entry)), STACKS]) statSync(file); // tsc ran: a missing entry fails here, by name
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(ENTRIES.map((entry) => [basename(entry, '.js'), `atx-entry:${entry}`])),
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    // names as written: a rule's detector name is part of the ruleset version, and errors name their class
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    // CommonJS packages inside an ES module bundle need a require of their own for node's built-ins
    banner: { js: "import { createRequire as __atxCreateRequire } from 'node:module'; const require = __atxCreateRequire(import.meta.url);" },
    external: EXTERNAL_PACKAGES,
    plugins: [withStacks, locatedImportMeta, packagesThatLocateThemselves],
    logLevel: 'warning',
    metafile: true,
  });
  if (locatingPackages.size > 0) throw new Error(`bundle: these package files find files beside themselves, which the bundle would look for beside itself: ${[...locatingPackages].join(', ')} (add their package to EXTERNAL_PACKAGES)`);
  const missing = [...WORKER_NAMES].filter((name) => !workersSeen.has(name));
  if (missing.length > 0) throw new Error(`bundle: no \`new URL('./<name>', import.meta.url)\` found for the worker entries ${missing.join(', ')}: a worker would run unbundled code`);
  const outputs = Object.entries(result.metafile.outputs).filter(([path]) => path.endsWith('.js'));
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
  const modules = Object.keys(result.metafile.inputs).length;
  process.stdout.write(`bundle: ${modules} modules -> ${outputs.length} files (${(bytes / 1024 / 1024).toFixed(1)} MiB) under ${relative(ROOT, BUNDLE_DIR)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundle();
  await esbuild.stop?.();
}

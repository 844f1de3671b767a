// The one build of the workspace: for every package ESM + CJS + a bundled .d.ts (and .d.cts),
// and for @northstar/browser the CDN IIFE (global `northstar`) in a readable debug build and a
// minified one from which the debug logging is removed by the `__NS_DEBUG__` constant. In the
// browser's npm builds `__NS_DEBUG__` stays a flag that the app's bundler can define to false.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import esbuild from 'rollup-plugin-esbuild';
import { dts } from 'rollup-plugin-dts';
import terser from '@rollup/plugin-terser';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rrwebSlicedSnapshot } from './rollup/rrweb-sliced-snapshot.mjs';

/** Every package of the workspace and its entry points (relative to the package folder). */
const PACKAGES = [
  { dir: 'packages/core', entries: { index: 'src/index.ts' }, debugFlag: true },
  // One source file per shipped entry point: npm ESM/CJS, the minified CDN IIFE, the readable debug IIFE.
  // `cdnChunks`: the files the CDN IIFE loads lazily beside itself (`web-vitals.js`: web-vitals' attribution build;
  // `guides.js`, `surveys.js`: the guides and surveys renderers, loaded only when decide answers one; `replay.js`: the
  // recorder with rrweb's `record`, loaded only for a sampled session).
  {
    dir: 'packages/browser',
    entries: { index: 'src/index.ts' },
    cdn: 'src/cdn.ts',
    cdnDebug: 'src/cdn-debug.ts',
    cdnChunks: {
      'web-vitals.js': 'src/web-vitals-chunk.ts',
      'guides.js': 'src/guides-chunk.ts',
      'surveys.js': 'src/surveys-chunk.ts',
      'replay.js': 'src/replay-chunk.ts',
    },
    debugFlag: true,
  },
  // Every export is a hook or a client component: 'use client' heads both builds (rollup drops a
  // directive written in a module, since a bundle's first line is the only place it means anything).
  { dir: 'packages/react', entries: { index: 'src/index.ts' }, banner: "'use client';" },
  // The server-side SDK: Node 20+ and fetch-only runtimes (no Node built-in in its code).
  { dir: 'packages/node', entries: { index: 'src/index.ts' } },
  { dir: 'packages/server', entries: { index: 'src/index.ts', app: 'src/without-http.ts' } },
  { dir: 'adapters/memory', entries: { index: 'src/index.ts' } },
  { dir: 'adapters/sql', entries: { index: 'src/index.ts' } },
  // The northstar-server command (ESM only) and its library entry; it imports the packages above.
  { dir: 'packages/cli', entries: { index: 'src/index.ts' }, esmOnly: { cli: 'src/cli.ts' } },
  // Vitest cannot be require()d, so the conformance suites that use it ship as ESM only.
  { dir: 'adapters/testing', entries: { index: 'src/index.ts' }, cjs: false },
];

const WORKSPACE_SOURCES = {
  '@northstar/core': 'packages/core/src/index.ts',
};

const NODE_TARGET = 'node20';
const BROWSER_TARGET = 'es2020';
const root = (path) => fileURLToPath(new URL(path, import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(root(path), 'utf8'));

function externalsOf(pkg) {
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), ...builtinModules];
  return (id) => id.startsWith('node:') || names.some((name) => id === name || id.startsWith(`${name}/`));
}

/** Resolves workspace packages to their sources, so the CDN IIFE bundles them instead of importing. */
function workspaceSources() {
  return {
    name: 'northstar-workspace-sources',
    resolveId: (id) => (id in WORKSPACE_SOURCES ? root(WORKSPACE_SOURCES[id]) : null),
  };
}

/**
 * The browser's npm builds: every `__NS_DEBUG__` becomes `(typeof __NS_DEBUG__ === "undefined" || __NS_DEBUG__)`
 * (Sentry's `__SENTRY_DEBUG__` pattern). Left alone, the debug code stays and runs; an app whose
 * bundler defines `__NS_DEBUG__` as false ships none of it (esbuild, Vite and webpack fold the
 * `typeof` of a defined constant). Reading `process.env.NODE_ENV` instead would be folded without any
 * app setting, but throws where nothing defines `process`, and guarded by `typeof process` it is no
 * longer folded (checked with esbuild 0.28).
 */
function strippableDebug() {
  return {
    name: 'northstar-strippable-debug',
    renderChunk(code) {
      const s = new MagicString(code);
      s.replace(/\b__NS_DEBUG__\b/g, '(typeof __NS_DEBUG__ === "undefined" || __NS_DEBUG__)');
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}

const withDir = (dir, entries) => Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, `${dir}/${path}`]));

/**
 * The browser's npm builds bundle its devDependencies that its code imports (rrweb's `record` and fflate, into
 * the recorder chunk that `replay` imports lazily), so the recorder's version is the one we tested, whatever
 * the app installs; its dependencies stay imports.
 */
const bundledDevDependencies = (dir) => (dir === 'packages/browser' ? [rrwebRecordOnly(), rrwebSlicedSnapshot(), nodeResolve({ browser: true })] : []);

/**
 * The server's builds carry rrweb's player (its browser build and style sheet) as files beside them, for the
 * replay page: rrweb is a devDependency of the server, so installing the server installs none of rrweb's
 * dependencies (its @types/css-font-loading-module clashes with TypeScript's DOM types in a host app).
 */
function rrwebPlayerFiles() {
  const rrweb = root('node_modules/rrweb/');
  return {
    name: 'northstar-rrweb-player-files',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'rrweb/rrweb.min.js', source: readFileSync(`${rrweb}umd/rrweb.min.js`) });
      this.emitFile({ type: 'asset', fileName: 'rrweb/style.css', source: readFileSync(`${rrweb}dist/style.css`) });
    },
  };
}
const serverFiles = (dir) => (dir === 'packages/server' ? [rrwebPlayerFiles()] : []);

function npmBuilds({ dir, entries, esmOnly, cjs = true, debugFlag = false, banner }) {
  const pkg = readJson(`${dir}/package.json`);
  const external = externalsOf(pkg);
  const target = ['packages/browser', 'packages/core', 'packages/react'].includes(dir) ? BROWSER_TARGET : NODE_TARGET;
  const code = (format, input) => ({
    input,
    external,
    plugins: debugFlag
      ? [...bundledDevDependencies(dir), esbuild({ target, tsconfig: root('tsconfig.base.json') }), strippableDebug()]
      : [...serverFiles(dir), esbuild({ target, tsconfig: root('tsconfig.base.json'), define: { __NS_DEBUG__: 'true' } })],
    output: {
      dir: `${dir}/dist`,
      format,
      entryFileNames: format === 'es' ? '[name].js' : '[name].cjs',
      chunkFileNames: format === 'es' ? '[name]-[hash].js' : '[name]-[hash].cjs',
      exports: 'named',
      sourcemap: true,
      banner,
    },
  });
  const types = (extension) => ({
    input: withDir(dir, entries),
    external,
    plugins: [dts({ tsconfig: root('tsconfig.base.json'), compilerOptions: { stripInternal: true } })],
    output: { dir: `${dir}/dist`, format: 'es', entryFileNames: `[name]${extension}`, chunkFileNames: `[name]-[hash]${extension}` },
  });
  return [code('es', withDir(dir, { ...entries, ...esmOnly })), types('.d.ts'), ...(cjs ? [code('cjs', withDir(dir, entries)), types('.d.cts')] : [])];
}

/** The IIFE entry only imports the snippet for its side effect, so the bundle adds no global but `northstar`. */
function cdnEntry(path) {
  const id = '\0northstar-cdn-entry';
  return {
    name: 'northstar-cdn-entry',
    resolveId: (source) => (source === id ? id : null),
    load: (source) => (source === id ? `import ${JSON.stringify(root(path))};` : null),
  };
}

/**
 * rrweb 2.2.2's one ESM file evaluates its two bundled copies of postcss (used only by the replayer) at the top
 * level, in calls that are not marked pure, then reads their properties, so `record` alone would carry all of
 * them (58 KB min+gzip instead of 22). Marking those calls pure and dropping the bare reads lets the build
 * drop postcss; the bundle-size test holds the replay chunk to its budget, so a new rrweb that breaks this shows.
 * The second patch of that file, `rrwebSlicedSnapshot` (rollup/rrweb-sliced-snapshot.mjs), takes its full snapshot
 * in time slices.
 */
function rrwebRecordOnly() {
  return {
    name: 'northstar-rrweb-record-only',
    transform(code, id) {
      if (!/[\\/]rrweb[\\/]dist[\\/]rrweb\.js$/.test(id)) return null;
      const s = new MagicString(code);
      s.replace(/__toESM(\$\d+)?\(\(\/\* @__PURE__ \*\/ __commonJSMin/g, (_m, n = '') => `__toESM${n}(/* @__PURE__ */ (/* @__PURE__ */ __commonJSMin`);
      s.replace(/^import_postcss(\$\d+)?\.default(\.\w+)?;$/gm, '');
      s.replace(/^(var \w+(?:\$\d+)? = )(import_postcss(?:\$\d+)?\.default);$/gm, (_m, decl, read) => `${decl}/* @__PURE__ */ (() => ${read})();`);
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}

/** A lazy chunk of the CDN script: a minified IIFE with its npm dependencies bundled in, and no global of its own. */
const cdnChunk = (dir, file, entry) => ({
  input: `${dir}/${entry}`,
  plugins: [
    rrwebRecordOnly(),
    rrwebSlicedSnapshot(),
    workspaceSources(),
    nodeResolve({ browser: true }),
    esbuild({ target: BROWSER_TARGET, tsconfig: root('tsconfig.base.json') }),
    terser({ compress: { passes: 2 }, format: { comments: false } }),
  ],
  output: { file: `${dir}/dist/${file}`, format: 'iife', sourcemap: true },
});

function cdnBuilds({ dir, cdn, cdnDebug, cdnChunks = {} }) {
  const build = (file, debug) => ({
    input: '\0northstar-cdn-entry',
    plugins: [
      cdnEntry(`${dir}/${debug ? cdnDebug : cdn}`),
      workspaceSources(),
      esbuild({ target: BROWSER_TARGET, tsconfig: root('tsconfig.base.json'), define: { __NS_DEBUG__: String(debug) } }),
      ...(debug ? [] : [terser({ compress: { passes: 2 }, format: { comments: false } })]),
    ],
    output: { file: `${dir}/dist/${file}`, format: 'iife', sourcemap: true },
  });
  const chunks = Object.entries(cdnChunks).map(([file, entry]) => cdnChunk(dir, file, entry));
  return [build('northstar.iife.js', true), build('northstar.min.js', false), ...chunks];
}

// Each build starts from empty dist folders: hashed chunks of earlier builds would otherwise be packed
// and published with the package.
for (const { dir } of PACKAGES) rmSync(root(`${dir}/dist`), { recursive: true, force: true });

export default PACKAGES.flatMap((pkg) => [...npmBuilds(pkg), ...(pkg.cdn ? cdnBuilds(pkg) : [])]);

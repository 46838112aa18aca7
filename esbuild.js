// Builds the three bundles of Dedup Curator (after microsoft/vscode-extension-samples esbuild-sample):
//   dist/extension.js  the VS Code extension (node, cjs, `vscode` external)
//   dist/cli.js        the `dedup-curator` command line (node, cjs, with a shebang)
//   dist/sandbox.js    the local sandbox (node, cjs), which the extension loads only when
//                      "Try the Local Sandbox" runs and the CLI only when `sandbox` runs
//                      (see lazyCorePlugin)
//   dist/mirror.js     the mirror's database and search (node, cjs), which the extension loads
//                      on first use (lazyCorePlugin); it and dist/cli.js load SQLite's WebAssembly,
//                      dist/node-sqlite3-wasm.wasm (copied beside them: copySqliteWasm), only when a
//                      mirror is opened
//   dist/triage.js     triage and the matcher's pair scores (node, cjs), which the extension loads
//                      when it first reads the decision journal, after activation (lazyCorePlugin)
//   dist/webview.js    the comparison panel's and review queue's page (src/webview/comparison, browser, iife)
//   dist/record-webview.js  the record panels' page (src/webview/record, browser, iife)
//   dist/triage-webview.js  the Triage panel's page (src/webview/triage, browser, iife)
//   dist/<page bundle>.l10n.json  each page's catalogue (key → English, its folder's strings.ts),
//                      which the extension translates into the page's HTML when a panel opens
//                      (pageStringsPlugin): neither the pages nor dist/extension.js carry it
// plus media/codicons/ (codicon.css and a codicon.ttf of only the icons the record panels use, from
// @vscode/codicons: writeCodicons)
// plus out/test/integration/*.js, the suite run inside a real VS Code (node, cjs).
// Flags: --production minifies and drops source maps; --watch rebuilds on change; --metafile also
// writes esbuild's metafile of each bundle to out/meta/<bundle>.json (what bench/extension-host.ts
// reports as the bundles' contents).
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafile = process.argv.includes('--metafile');

/** Prints esbuild's problems in the form VS Code's `$esbuild-watch` problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => { if (watch) console.log('[watch] build started'); });
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

/**
 * ofetch's Node entry wraps node-fetch-native, a 114 KB fetch polyfill for old Node versions. Node 20
 * and VS Code's extension host have a global fetch, so the bundles take ofetch's platform-neutral
 * entry, which uses it.
 */
const ofetchWithoutPolyfillPlugin = {
  name: 'ofetch-without-polyfill',
  setup(build) {
    const neutral = path.join(path.dirname(require.resolve('ofetch/package.json')), 'dist', 'index.mjs');
    build.onResolve({ filter: /^ofetch$/ }, () => ({ path: neutral }));
  },
};

/**
 * Core parts loaded on first use: a dynamic import of `…/<part>/index` becomes a require of
 * dist/<part>.js at run time, its own bundle, instead of pulling the part into the importer's bundle.
 * - sandbox: the extension's `import('../../sandbox/index')` (commands/sandbox-command.ts) and the
 *   CLI's `import('../sandbox/index')` (cli/sandbox-command.ts, sandbox-matching-options.ts): the
 *   server, generator and matcher, most of either bundle otherwise.
 * - mirror: the extension's `import('../../mirror/index')` (extension/mirror/mirror-service.ts): the
 *   mirror's store and search index, used only by Find, Sync, view search and panels' events.
 * - triage: the extension's `import('../../triage/index')` (extension/triage/triage-core.ts): triage
 *   and the matcher's pair scores. TriageState loads it with its first read of the journal, just
 *   after activation (the tree's flags need it for every row): it leaves the activation bundle, not
 *   the session. The CLI imports triage statically (it is most of `dedup-curator triage`).
 * dist/extension.js is what VS Code loads on every activation; both parts stay out of it.
 */
const LAZY_CORE_PARTS = ['sandbox', 'mirror', 'triage'];
const lazyCorePlugin = {
  name: 'lazy-core',
  setup(build) {
    build.onResolve({ filter: new RegExp(`/(${LAZY_CORE_PARTS.join('|')})/index$`) }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const part = /\/(\w+)\/index$/.exec(args.path)[1];
      return { path: `./${part}.js`, external: true };
    });
  },
};

/**
 * Writes a page's catalogue (the `*_STRINGS` export of src/webview/<page>/strings.ts, pure data) as
 * dist/<bundle>.l10n.json after each build of the page. The extension reads it only when it writes
 * a panel's HTML (src/extension/panels/page-strings.ts), and the page receives only the translated
 * strings: the English stays out of both bundles (issue 15, bundle sizes).
 */
function pageStringsPlugin(folder, outfile) {
  const source = path.join(__dirname, 'src', 'webview', folder, 'strings.ts');
  const target = outfile.replace(/\.js$/, '.l10n.json');
  return {
    name: 'page-strings',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length) return;
        const { outputFiles } = await esbuild.build({ entryPoints: [source], bundle: true, write: false, format: 'cjs', platform: 'neutral', logLevel: 'silent' });
        const module = { exports: {} };
        new Function('module', 'exports', outputFiles[0].text)(module, module.exports);
        const [catalogue, ...others] = Object.entries(module.exports).filter(([name]) => name.endsWith('_STRINGS'));
        if (!catalogue || others.length) throw new Error(`${source}: expected one *_STRINGS export`);
        fs.writeFileSync(path.join(__dirname, target), `${JSON.stringify(catalogue[1])}\n`);
      });
    },
  };
}

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  metafile,
  logLevel: 'silent',
  plugins: [problemMatcherPlugin, ofetchWithoutPolyfillPlugin],
};

const integrationDir = path.join(__dirname, 'test', 'integration');
const integrationEntries = fs.existsSync(integrationDir)
  ? fs.readdirSync(integrationDir).filter((f) => f.endsWith('.ts')).map((f) => path.join(integrationDir, f))
  : [];

/**
 * The panel pages: each folder of src/webview except shared/ with a main.ts is one browser bundle.
 * The first two keep the file names the panels, tests and packaging already use; a new page's
 * bundle is dist/<folder>-webview.js (docs/panels.md, "Adding a page").
 */
function webviewPages() {
  const known = { comparison: 'dist/webview.js', record: 'dist/record-webview.js' };
  const root = path.join(__dirname, 'src', 'webview');
  const folders = fs.readdirSync(root).filter((f) => f !== 'shared' && fs.existsSync(path.join(root, f, 'main.ts')));
  return Object.fromEntries(folders.sort().map((f) => [f, known[f] ?? `dist/${f}-webview.js`]));
}

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, lazyCorePlugin],
    // import() of the sandbox as require(): plain CommonJS loading in the extension host.
    supported: { 'dynamic-import': false },
  },
  ...LAZY_CORE_PARTS.map((part) => ({
    ...common,
    entryPoints: [`src/${part}/index.ts`],
    outfile: `dist/${part}.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  })),
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { __VERSION__: JSON.stringify(require('./package.json').version) },
    // `dedup-curator sandbox` requires dist/sandbox.js when it runs, as the extension does: the
    // other commands and the VSIX do not carry a second copy of the sandbox and matcher.
    plugins: [...common.plugins, lazyCorePlugin],
    supported: { 'dynamic-import': false },
  },
  ...Object.entries(webviewPages()).map(([folder, outfile]) => ({
    ...common,
    entryPoints: [`src/webview/${folder}/main.ts`],
    outfile,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    plugins: [...common.plugins, pageStringsPlugin(folder, outfile)],
  })),
];

/**
 * The icon font of the record panels (issue 6, VSIX size): media/codicons/ (git-ignored, shipped in
 * the VSIX with media/) gets a font of only the glyphs src/webview/record/icons.ts lists, made with
 * harfbuzz's subsetter (subset-font, a build-time dependency), and a stylesheet of the font's base
 * rules and those icons' rules: ≈ 4 KB instead of the whole font's 126 KB and its 34 KB of CSS.
 */
async function writeCodicons() {
  const from = path.join(path.dirname(require.resolve('@vscode/codicons/package.json')), 'dist');
  const to = path.join(__dirname, 'media', 'codicons');
  const css = fs.readFileSync(path.join(from, 'codicon.css'), 'utf8');
  const names = await recordIcons();
  const rules = names.map((name) => {
    const rule = new RegExp(`^\\.codicon-${name}:before \\{ content: "\\\\([0-9a-f]+)" \\}$`, 'm').exec(css);
    if (!rule) throw new Error(`src/webview/record/icons.ts: @vscode/codicons has no icon "${name}"`);
    return { text: rule[0], char: String.fromCodePoint(parseInt(rule[1], 16)) };
  });
  // The base: the @font-face, the .codicon rule and the modifiers, all before the icons' rules.
  const base = css.slice(0, css.search(/^\.codicon-[\w-]+:before \{/m));
  const subsetFont = require('subset-font');
  const font = await subsetFont(fs.readFileSync(path.join(from, 'codicon.ttf')), rules.map((r) => r.char).join(''), { targetFormat: 'truetype' });
  fs.mkdirSync(to, { recursive: true });
  fs.writeFileSync(path.join(to, 'codicon.css'), `${base}${rules.map((r) => r.text).join('\n')}\n`);
  fs.writeFileSync(path.join(to, 'codicon.ttf'), font);
  // The icons are CC-BY-4.0: their licence travels with them.
  fs.copyFileSync(path.join(from, '..', 'LICENSE'), path.join(to, 'LICENSE'));
}

/** The names in src/webview/record/icons.ts (pure data), read by bundling it as the catalogues are. */
async function recordIcons() {
  const source = path.join(__dirname, 'src', 'webview', 'record', 'icons.ts');
  const { outputFiles } = await esbuild.build({ entryPoints: [source], bundle: true, write: false, format: 'cjs', platform: 'neutral', logLevel: 'silent' });
  const module = { exports: {} };
  new Function('module', 'exports', outputFiles[0].text)(module, module.exports);
  return module.exports.RECORD_ICONS;
}

if (!production && integrationEntries.length) {
  builds.push({
    ...common,
    entryPoints: integrationEntries,
    outdir: 'out/test/integration',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
  });
}

/**
 * node-sqlite3-wasm reads its WebAssembly from the directory of the script that runs it
 * (`__dirname`): bundled, that is dist/, so the file is copied there (the VSIX ships it:
 * .vscodeignore, scripts/package.mjs), and beside the integration suite, whose tests build
 * extension parts of their own (a session and its mirror service) over the same bundle format.
 */
function copySqliteWasm() {
  const from = path.join(path.dirname(require.resolve('node-sqlite3-wasm/package.json')), 'dist', 'node-sqlite3-wasm.wasm');
  const dirs = ['dist', ...(!production && integrationEntries.length ? ['out/test/integration'] : [])];
  for (const dir of dirs) {
    fs.mkdirSync(path.join(__dirname, dir), { recursive: true });
    fs.copyFileSync(from, path.join(__dirname, dir, 'node-sqlite3-wasm.wasm'));
  }
}

async function main() {
  await writeCodicons();
  copySqliteWasm();
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    return;
  }
  try {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    if (results.some((r) => r.errors.length)) process.exitCode = 1;
    if (metafile) writeMetafiles(results);
  } catch {
    process.exitCode = 1;
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

function writeMetafiles(results) {
  const dir = path.join(__dirname, 'out', 'meta');
  fs.mkdirSync(dir, { recursive: true });
  results.forEach((r, i) => {
    const name = builds[i].outfile ? path.basename(builds[i].outfile, '.js') : 'integration-tests';
    if (r.metafile) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(r.metafile));
  });
}

// Run as a script it builds; required (test/unit/extension-bundle.test.ts) it only lends its options.
if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { builds };

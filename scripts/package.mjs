// `npm run package`: builds the production bundles and packages dedup-curator-<version>.vsix with vsce,
// then lists what is inside and fails if anything is there that does not run or document the
// extension. The bundles are self-contained (esbuild inlines the dependencies), hence
// --no-dependencies; what goes in is decided by the allowlist in .vscodeignore.
// Usage: node scripts/package.mjs [--quiet]   (prints the VSIX path last)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const say = (m) => quiet || console.log(`[package] ${m}`);

/** Files a VSIX of this extension may hold (paths inside the zip). */
const ALLOWED = [
  /^extension\.vsixmanifest$/,
  /^\[Content_Types\]\.xml$/,
  /^extension\/package\.json$/,
  /^extension\/package\.nls\.json$/,
  /^extension\/l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
  /^extension\/dist\/[\w.-]+\.js$/,
  // SQLite's WebAssembly, which the mirror loads when it opens a database (src/mirror/sqlite.ts).
  /^extension\/dist\/node-sqlite3-wasm\.wasm$/,
  // The pages' catalogues (key → English), read when a panel opens (src/extension/panels/page-strings.ts).
  /^extension\/dist\/[\w.-]+\.l10n\.json$/,
  /^extension\/media\/.+/,
  /^extension\/readme\.md$/i,
  /^extension\/changelog\.md$/i,
  /^extension\/LICENSE(\.txt|\.md)?$/i,
];
const REQUIRED = ['extension/package.json', 'extension/package.nls.json', 'extension/dist/extension.js', 'extension/dist/sandbox.js', 'extension/dist/mirror.js', 'extension/dist/node-sqlite3-wasm.wasm', 'extension/dist/triage.js', 'extension/dist/webview.l10n.json', 'extension/dist/record-webview.l10n.json', 'extension/dist/triage-webview.l10n.json'];

class PackageError extends Error {}

/** Runs a build step; its own output is shown only if it fails (warnings on stderr always are). */
function step(what, command, args) {
  const r = spawnSync(command, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? '');
    throw new PackageError(`${what} failed (exit ${r.status ?? r.signal})`);
  }
}

/** Names and sizes of the entries of a zip file, read from its central directory. */
function zipEntries(file) {
  const buf = readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new PackageError(`${file} is not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localHeader = buf.readUInt32LE(p + 42);
    entries.push({ name: buf.toString('utf8', p + 46, p + 46 + nameLen), size, localHeader, method: buf.readUInt16LE(p + 10), compressed: buf.readUInt32LE(p + 20) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { buf, entries };
}

/** The contents of one zip entry (stored or deflated). */
function readEntry(buf, e) {
  const start = e.localHeader + 30 + buf.readUInt16LE(e.localHeader + 26) + buf.readUInt16LE(e.localHeader + 28);
  const data = buf.subarray(start, start + e.compressed);
  return e.method === 8 ? inflateRawSync(data) : data;
}

/** The marketplace tile: a 128×128 PNG named by `icon`, in the VSIX and declared as its default icon. */
function checkIcon(pkg, buf, entries) {
  if (!pkg.icon) throw new PackageError('package.json has no "icon": the marketplace and the Extensions view would show a blank tile');
  const name = `extension/${pkg.icon}`;
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new PackageError(`the VSIX lacks the icon ${name}`);
  const png = readEntry(buf, entry);
  if (png.readUInt32BE(0) !== 0x89504e47 || png.readUInt32BE(16) !== 128 || png.readUInt32BE(20) !== 128) {
    throw new PackageError(`${pkg.icon} must be a 128×128 PNG (got ${png.readUInt32BE(16)}×${png.readUInt32BE(20)})`);
  }
  const vsixManifest = readEntry(buf, entries.find((e) => e.name === 'extension.vsixmanifest')).toString('utf8');
  if (!vsixManifest.includes(`Type="Microsoft.VisualStudio.Services.Icons.Default" Path="${name}"`)) {
    throw new PackageError(`extension.vsixmanifest does not declare ${name} as the icon`);
  }
  if (pkg.galleryBanner && !vsixManifest.includes(`Microsoft.VisualStudio.Services.Branding.Color" Value="${pkg.galleryBanner.color}"`)) {
    throw new PackageError('extension.vsixmanifest does not carry the galleryBanner colour');
  }
}

function main() {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const missingDocs = ['README.md', 'CHANGELOG.md', 'LICENSE'].filter((f) => !existsSync(join(REPO, f)));
  if (missingDocs.length) throw new PackageError(`missing ${missingDocs.join(', ')}: the VSIX ships them (vsce also refuses to package without a LICENSE)`);

  const vsix = join(REPO, `${pkg.name}-${pkg.version}.vsix`);
  rmSync(vsix, { force: true });
  const t0 = Date.now();
  say('production build');
  step('the production build (node esbuild.js --production)', process.execPath, [join(REPO, 'esbuild.js'), '--production']);
  say(`vsce package → ${vsix}`);
  // vsce runs the vscode:prepublish script (the same production build) before it packs.
  step('vsce package', process.execPath, [join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', vsix]);

  const { buf, entries } = zipEntries(vsix);
  const unexpected = entries.filter((e) => !ALLOWED.some((re) => re.test(e.name))).map((e) => e.name);
  const absent = REQUIRED.filter((n) => !entries.some((e) => e.name === n));
  if (!quiet) {
    console.log(`[package] contents of ${vsix}:`);
    for (const e of entries) console.log(`  ${String(e.size).padStart(9)}  ${e.name}`);
  }
  if (unexpected.length) throw new PackageError(`unexpected files in the VSIX (adjust .vscodeignore): ${unexpected.join(', ')}`);
  if (absent.length) throw new PackageError(`the VSIX lacks ${absent.join(', ')}`);
  const manifest = JSON.parse(readEntry(buf, entries.find((e) => e.name === 'extension/package.json')).toString('utf8'));
  if (manifest.version !== pkg.version) throw new PackageError(`the VSIX holds version ${manifest.version}, package.json says ${pkg.version}`);
  checkIcon(pkg, buf, entries);
  say(`${entries.length} files, ${(statSync(vsix).size / 1024).toFixed(1)} KiB, built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(vsix);
}

try {
  main();
} catch (e) {
  if (!(e instanceof PackageError)) throw e;
  console.error(`[package] ${e.message}`);
  process.exit(1);
}

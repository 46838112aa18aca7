// What dist/extension.js, which VS Code loads on every activation, carries (issue 6, bundle sizes):
// built here with esbuild.js's own options for it (in memory, minified as `--production`), it
// requires the sandbox, the mirror and the triage core from their own bundles at run time instead
// of carrying them. Fails when a static import pulls one of them back in.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';

const ROOT = join(__dirname, '..', '..');
const requireHere = createRequire(__filename);

/** Builds the extension bundle as esbuild.js does, without writing it; its inputs and its text. */
async function buildExtension(): Promise<{ inputs: string[]; text: string }> {
  const esbuild = requireHere('esbuild') as typeof import('esbuild');
  const { builds } = requireHere(join(ROOT, 'esbuild.js')) as { builds: (BuildOptions & { outfile?: string })[] };
  const options = builds.find((b) => b.outfile === 'dist/extension.js');
  assert.ok(options, 'esbuild.js has no build of dist/extension.js');
  const result = await esbuild.build({ ...options, absWorkingDir: ROOT, minify: true, sourcemap: false, metafile: true, write: false });
  const meta = result.metafile as Metafile;
  return { inputs: Object.keys(meta.inputs), text: result.outputFiles[0].text };
}

describe('dist/extension.js: what loads at activation', function () {
  this.timeout(30_000);
  let bundle: { inputs: string[]; text: string };
  before(async () => {
    bundle = await buildExtension();
  });

  it('does not carry the triage core nor the matcher; it requires dist/triage.js', () => {
    // list-memo (a memo of the tree's) and matching/entity (reading an entity's fields) are small
    // and used by the adapters themselves; everything else of triage and matching is the core's.
    const allowed = new Set(['src/triage/list-memo.ts', 'src/matching/entity.ts']);
    const carried = bundle.inputs.filter((f) => /^src\/(triage|matching)\//.test(f) && !allowed.has(f));
    assert.deepEqual(carried, [], `dist/extension.js carries ${carried.join(', ')}`);
    assert.match(bundle.text, /require\("\.\/triage\.js"\)/);
  });

  it('does not carry the sandbox nor the mirror; it requires their bundles', () => {
    const carried = bundle.inputs.filter((f) => /^src\/(sandbox|mirror)\//.test(f) || f.includes('node-sqlite3-wasm'));
    assert.deepEqual(carried, [], `dist/extension.js carries ${carried.join(', ')}`);
    assert.match(bundle.text, /require\("\.\/sandbox\.js"\)/);
    assert.match(bundle.text, /require\("\.\/mirror\.js"\)/);
  });
});

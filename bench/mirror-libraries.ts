// The two full-text libraries considered for the mirror (issue 18), and the mirror's own compact
// index that replaced the chosen one (MiniSearch) for memory, on the same 100,000 sandbox
// locations and the same 1,000 queries: bundle size (esbuild, minified, the import alone), time to
// build the index (what opening the mirror costs), heap taken by the index, and query time p50/p95.
// Queries: prefixes as typed (first 3–8 letters of a name), names with one letter changed (typos),
// and names with their accents stripped or added.
// Run: npx tsx bench/mirror-libraries.ts [--locations 36300]   (36,300 source places ≈ 100,000 unified locations)
import * as esbuild from 'esbuild';
import { Charset, Document } from 'flexsearch';
import { SearchIndex } from '../src/mirror/search-index';
import { MiniSearchIndex } from './lib/minisearch-index';
import { startSandbox } from '../src/sandbox';
import { type BenchQuery, percentile, queriesFrom } from './lib/mirror-queries';
import { machineLine, numberOption } from './lib/stats';

const PLACES = numberOption('--locations', 36_300);

type Doc = {
  id: string;
  name: string;
  address: string;
  locality: string;
  postcode: string;
};

async function bundleBytes(source: string): Promise<number> {
  const r = await esbuild.build({ stdin: { contents: source, resolveDir: process.cwd() }, bundle: true, minify: true, write: false, platform: 'node', format: 'cjs' });
  return r.outputFiles[0].contents.byteLength;
}

function heapMb(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function timeQueries(search: (q: string) => string[], queries: BenchQuery[]): { p50: number; p95: number; found: number } {
  const times: number[] = [];
  let found = 0;
  for (const { q, target } of queries) {
    const t = performance.now();
    const hits = search(q);
    times.push(performance.now() - t);
    if (hits.includes(target)) found++;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), found };
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, seed: 1, locations: PLACES, events: 0, integrations: 4, autoMergeThreshold: 2 });
  const records = sandbox.store.listLocations({ updatedSince: -8.64e15, page: 0, pageSize: 1e9, onlyExternalUpdates: false }).data;
  await sandbox.close();
  const docs: Doc[] = records.map((r) => ({
    id: r.id,
    name: r.name ?? '',
    address: r.address?.streetAddress ?? '',
    locality: r.address?.addressLocality ?? '',
    postcode: r.address?.postalCode ?? '',
  }));
  const queries = queriesFrom(docs, 1000);
  console.log(machineLine());
  console.log(`${docs.length} locations, ${queries.length} queries (prefixes, one-letter typos, accents added)`);

  const base = heapMb();
  let t = performance.now();
  const mini = new MiniSearchIndex();
  for (const r of records) mini.put(r);
  const miniBuild = performance.now() - t;
  const miniHeap = heapMb() - base;
  const miniQ = timeQueries((q) => mini.search(q, 20).map((h) => h.id), queries);

  const base2 = heapMb();
  t = performance.now();
  const flex = new Document<Doc>({
    document: { id: 'id', index: ['name', 'address', 'locality', 'postcode'] },
    tokenize: 'forward',
    encoder: Charset.LatinBalance,
  });
  for (const d of docs) flex.add(d);
  const flexBuild = performance.now() - t;
  const flexHeap = heapMb() - base2;
  const flexQ = timeQueries((q) => (flex.search(q, { limit: 20, merge: true, suggest: true }) as { id: string }[]).map((h) => h.id), queries);

  const base3 = heapMb();
  t = performance.now();
  const own = new SearchIndex();
  for (const r of records) own.put(r);
  const ownBuild = performance.now() - t;
  const ownHeap = heapMb() - base3;
  const ownQ = timeQueries((q) => own.search(q, 20).map((h) => h.id), queries);

  const rows = [
    ['MiniSearch 7.2.0', await bundleBytes("import M from 'minisearch'; console.log(M)"), miniBuild, miniHeap, miniQ],
    ['FlexSearch 0.8.212', await bundleBytes("import { Document, Charset } from 'flexsearch'; console.log(Document, Charset)"), flexBuild, flexHeap, flexQ],
    ['own compact index', await bundleBytes("import { SearchIndex } from './src/mirror/search-index'; console.log(SearchIndex)"), ownBuild, ownHeap, ownQ],
  ] as const;
  console.log('| library | bundle (min) | build index | heap of index | query p50 | query p95 | target in first 20 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, bytes, build, heap, q] of rows) {
    console.log(`| ${name} | ${(bytes / 1024).toFixed(1)} KB | ${(build / 1000).toFixed(2)} s | ${heap.toFixed(0)} MB | ${q.p50.toFixed(2)} ms | ${q.p95.toFixed(2)} ms | ${q.found} / ${queries.length} |`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

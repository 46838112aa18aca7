// Validation against JSON.parse for one page (issue 6, figure 7): the cost per page of 500 locations
// and of 200 recommendations of JSON.parse, of valibot's safeParse, and of parseResponse (which takes
// the fast path of src/api/fast-check.ts when the page fits as sent), in one process, alternating;
// beside them what the CLI's output costs (each record as an NDJSON line, as RecordWriter writes it),
// which the floor of the listing figures does not pay.
// Run: npm run build && npx tsx bench/validation-speed.ts
import * as v from 'valibot';
import { parseResponse } from '../src/api/response-validation';
import { LocationPageSchema, RecommendationPageSchema } from '../src/api/schemas';
import { startBenchSandbox } from './lib/bench-sandbox';
import { machineLine, summary } from './lib/stats';

async function main(): Promise<void> {
  console.log(machineLine());
  const sb = await startBenchSandbox({ locations: 1000, events: 0, autoMergeThreshold: 2 });
  const post = async (path: string, body: unknown) =>
    (await fetch(sb.baseUrl + path, { method: 'POST', headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).text();
  const pages = [
    ['a page of 500 locations', await post('/api/custom/locations', { updated_since: '1970-01-01T00:00:00.000Z', page_size: 500 }), LocationPageSchema],
    ['a page of 200 recommendations', await post('/api/custom/recommended-deduplications', { page_size: 200 }), RecommendationPageSchema],
  ] as const;
  await sb.stop();
  const N = 20;
  for (const [name, text, schema] of pages) {
    const parse: number[] = [];
    const valibot: number[] = [];
    const ours: number[] = [];
    const ndjson: number[] = [];
    for (let round = 0; round < 7; round++) {
      let t = performance.now();
      for (let i = 0; i < N; i++) JSON.parse(text);
      parse.push((performance.now() - t) / N);
      const objects = Array.from({ length: N }, () => JSON.parse(text) as unknown);
      t = performance.now();
      for (const o of objects) v.safeParse(schema, o);
      valibot.push((performance.now() - t) / N);
      t = performance.now();
      for (const o of objects) parseResponse(schema, o, 'bench', 200);
      ours.push((performance.now() - t) / N);
      t = performance.now();
      for (const o of objects) {
        const data = (o as { data: unknown[] | { '@graph': unknown[] } }).data;
        let out = '';
        for (const r of Array.isArray(data) ? data : data['@graph']) out += JSON.stringify(r) + '\n';
        if (out.length === 0) throw new Error('no records');
      }
      ndjson.push((performance.now() - t) / N);
    }
    console.log(`${name} (${(text.length / 1024).toFixed(0)} KiB), ms per page, median (min–max) of 7 × ${N}: JSON.parse ${summary(parse)}, valibot safeParse ${summary(valibot)}, parseResponse ${summary(ours)}; the records as NDJSON text ${summary(ndjson)}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});

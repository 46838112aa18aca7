// Two ideas for the listing's CPU (issue 6, figure 1), measured and not adopted (docs/benchmarks.md,
// "Tried and dropped"), per page of 200 recommendations from a sandbox in its own process:
//   - writing each record's own text from the answer (a scanner for the record boundaries) instead
//     of JSON.stringify of the parsed record;
//   - reading the answer with node:http instead of fetch + text() (CPU per request, one at a time).
// Run: npm run build && npx tsx bench/output-alternatives.ts
import { request } from 'node:http';
import { ENDPOINTS } from '../src/api/endpoints';
import { SIZES, startBenchSandbox } from './lib/bench-sandbox';
import { machineLine, summary } from './lib/stats';

const PAGES = 50;

/** [start, end) of each element of the first array that follows `from`, skipping strings. */
function elementSpans(s: string, from: number): number[] {
  const out: number[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = from, n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) out.push(start, i + 1);
      if (depth < 0) return out;
    }
  }
  return out;
}

function cpuMs(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

async function cpuMsAsync(f: () => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sb = await startBenchSandbox(SIZES.recommendations20k);
  try {
    const url = sb.baseUrl + ENDPOINTS.recommendations;
    const headers = { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json', Accept: 'application/json' };
    const body = (page: number) => JSON.stringify({ page, page_size: 200 });
    const viaFetch = async (page: number) => (await fetch(url, { method: 'POST', headers, body: body(page) })).text();
    const viaHttp = (page: number) =>
      new Promise<string>((resolve, reject) => {
        const b = body(page);
        const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Length': Buffer.byteLength(b) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(b);
      });
    const texts: string[] = [];
    for (let p = 0; p < PAGES; p++) texts.push(await viaFetch(p));
    const stringify: number[] = [];
    const scan: number[] = [];
    const fetchCpu: number[] = [];
    const httpCpu: number[] = [];
    for (let round = 0; round < 7; round++) {
      const parsed = texts.map((t) => JSON.parse(t) as { data: { '@graph': unknown[] } | unknown[] });
      let a = 0;
      let b = 0;
      stringify.push(
        cpuMs(() => {
          for (const p of parsed) for (const r of Array.isArray(p.data) ? p.data : p.data['@graph']) a += (JSON.stringify(r) + '\n').length;
        }) / PAGES,
      );
      scan.push(
        cpuMs(() => {
          for (const t of texts) {
            const spans = elementSpans(t, t.indexOf('[', t.indexOf('"@graph"')) + 1);
            let out = '';
            for (let i = 0; i < spans.length; i += 2) out += t.slice(spans[i], spans[i + 1]) + '\n';
            b += out.length;
          }
        }) / PAGES,
      );
      if (a !== b) throw new Error(`the two outputs differ in length: ${a} vs ${b}`);
      fetchCpu.push((await cpuMsAsync(async () => { for (let p = 0; p < PAGES; p++) await viaFetch(p); })) / PAGES);
      httpCpu.push((await cpuMsAsync(async () => { for (let p = 0; p < PAGES; p++) await viaHttp(p); })) / PAGES);
    }
    console.log(`a page of 200 recommendations (${(texts[0].length / 1024).toFixed(0)} KiB), CPU ms per page, median (min–max) of 7 × ${PAGES}:`);
    console.log(`  records as NDJSON: JSON.stringify of each ${summary(stringify)}; the answer's own text cut at the record boundaries ${summary(scan)}`);
    console.log(`  reading the answer: fetch + text() ${summary(fetchCpu)}; node:http ${summary(httpCpu)}`);
  } finally {
    await sb.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});

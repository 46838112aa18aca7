// Child process of bench/listing.ts (bundled by it with esbuild, run with plain node): lists every
// location through DedupClient (`list`), or exports them with exportRecords to a file (`ndjson`,
// `csv`), and prints one JSON line: time, records, RSS just before the work (idle: modules loaded,
// client built) and the peak RSS of the process (VmHWM) after it.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { DedupClient } from '../../src/api/client';
import { exportRecords } from '../../src/curation/export';

const SINCE = '1970-01-01T00:00:00.000Z';

function vmHwmMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  const client = new DedupClient({ baseUrl: process.env.DEDUP_BASE_URL!, token: process.env.DEDUP_TOKEN! });
  const idleRssMb = process.memoryUsage().rss / 1024 / 1024;
  const t0 = performance.now();
  let records = 0;
  let bytes = 0;
  if (mode === 'list') {
    for await (const page of client.locationPages({ updatedSince: SINCE, pageSize: 500 })) records += page.data.length;
  } else if (mode === 'ndjson' || mode === 'csv') {
    const result = await exportRecords(client, { kind: 'locations', params: { updatedSince: SINCE } }, file, { format: mode });
    records = result.written;
    bytes = statSync(file).size;
    rmSync(file);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ mode, ms, records, bytes, idleRssMb, peakRssMb: vmHwmMb() }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

// One variant of bench/mirror-sync-floor.ts, in a process of its own: lists both kinds of the
// sandbox at once as a full sync does (pages of 500, six asked ahead, through the product's client:
// its parse and validation) and, unless FLOOR_LEVEL is `list`, writes them at that level (see
// bench/lib/sync-floor-writes.ts) a transaction each 2,500 records, on this thread or — FLOOR_WORKER=1 — in a worker
// thread (this thread lists, parses and prepares the rows; the worker only runs SQLite).
// Env: DEDUP_BASE_URL, DEDUP_TOKEN (127.0.0.1 only), FLOOR_LEVEL, FLOOR_ENGINE (wasm|node), FLOOR_WORKER, FLOOR_DIR.
// Prints one JSON line: wall seconds, records, and the seconds spent in the writes (this thread's or the worker's).
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DedupClient } from '../../src/api';
import type { Page } from '../../src/api/model';
import { EARLIEST_SINCE } from '../../src/mirror';
import type { MirrorKind, MirroredRecord } from '../../src/mirror/record-set-types';
import { type Engine, FloorWriter, type Level, LEVELS, type Prepared, openEngine, prepare } from '../lib/sync-floor-writes';

const LEVEL = (process.env.FLOOR_LEVEL ?? 'list') as Level;
const ENGINE = (process.env.FLOOR_ENGINE ?? 'wasm') as Engine;
const IN_WORKER = process.env.FLOOR_WORKER === '1';
const BATCH = 2500;
/** Batches handed to the worker and not yet written, at most: the listing waits beyond (memory stays bounded). */
const IN_FLIGHT = 2;

interface Sink {
  write(kind: MirrorKind, records: MirroredRecord[]): Promise<void> | void;
  /** Seconds spent in the writes (on this thread, or the worker's). */
  end(): Promise<{ busyS: number }>;
}

function threadSink(): Sink {
  if (LEVEL === 'list') return { write: () => undefined, end: () => Promise.resolve({ busyS: 0 }) };
  let busyMs = 0;
  const writer = new FloorWriter(openEngine(ENGINE, join(process.env.FLOOR_DIR ?? '.', 'mirror.sqlite')), LEVEL);
  return {
    write: (kind, records) => {
      const t = performance.now();
      if (LEVEL === 'product') writer.writeRecords(kind, records);
      else writer.write(kind, records.map(prepare));
      busyMs += performance.now() - t;
    },
    end: () => {
      writer.close();
      return Promise.resolve({ busyS: busyMs / 1000 });
    },
  };
}

function workerSink(): Sink {
  // tsx's CommonJS hook, registered inside the worker, so it runs the TypeScript of bench/lib.
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'sync-floor-worker.ts'))});`, {
    eval: true,
    workerData: { level: LEVEL, engine: ENGINE, file: join(process.env.FLOOR_DIR ?? '.', 'mirror.sqlite') },
  });
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  let failed: unknown;
  let ended: ((m: { busyS: number }) => void) | undefined;
  worker.on('message', (m: { done?: true; closed?: true; busyS?: number }) => {
    if (m.done) {
      inFlight--;
      waiting.shift()?.();
    }
    if (m.closed) ended?.({ busyS: m.busyS ?? NaN });
  });
  worker.on('error', (e) => {
    failed = e;
    for (const w of waiting.splice(0)) w();
  });
  return {
    async write(kind, records) {
      if (failed) throw failed;
      while (inFlight >= IN_FLIGHT) await new Promise<void>((r) => waiting.push(r));
      inFlight++;
      const rows: Prepared[] = records.map(prepare);
      worker.postMessage({ kind, rows });
    },
    end: () =>
      new Promise((resolve) => {
        ended = resolve;
        worker.postMessage({ close: true });
      }),
  };
}

async function listKind(client: DedupClient, kind: MirrorKind, sink: Sink): Promise<number> {
  const params = { updatedSince: EARLIEST_SINCE, page: 0, pageSize: 500 };
  const call = { repeats: 'keep' as const, readAhead: 6 };
  const pages: AsyncIterable<Page<unknown>> = kind === 'locations' ? client.locationPages(params, call) : client.eventPages(params, call);
  let batch: MirroredRecord[] = [];
  let n = 0;
  for await (const page of pages) {
    batch.push(...(page.data as MirroredRecord[]));
    n += page.data.length;
    if (batch.length >= BATCH || !page.hasNextPage) {
      await sink.write(kind, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sink.write(kind, batch);
  return n;
}

async function main(): Promise<void> {
  if (!LEVELS.includes(LEVEL)) throw new Error(`FLOOR_LEVEL: one of ${LEVELS.join(', ')}`);
  const baseUrl = process.env.DEDUP_BASE_URL ?? '';
  if (!/^http:\/\/127\.0\.0\.1:\d+/.test(baseUrl)) throw new Error('DEDUP_BASE_URL must be the sandbox on 127.0.0.1');
  const t = performance.now();
  const client = new DedupClient({ baseUrl, token: process.env.DEDUP_TOKEN ?? '' });
  const sink = IN_WORKER && LEVEL !== 'list' ? workerSink() : threadSink();
  const counts = await Promise.all((['locations', 'events'] as const).map((k) => listKind(client, k, sink)));
  const { busyS } = await sink.end();
  console.log(JSON.stringify({ wall: (performance.now() - t) / 1000, records: counts[0] + counts[1], busyS }));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

// The worker thread of bench/children/sync-floor-run.ts: writes the prepared rows it is handed, a
// transaction a batch, and says when each is written (the lister bounds what is in flight).
import { parentPort, workerData } from 'node:worker_threads';
import type { MirrorKind } from '../../src/mirror/record-set-types';
import { type Engine, FloorWriter, type Level, type Prepared, openEngine } from '../lib/sync-floor-writes';

const { level, engine, file } = workerData as { level: Level; engine: Engine; file: string };
const writer = new FloorWriter(openEngine(engine, file), level);
const port = parentPort;
/** Time spent writing (the worker's own CPU is not measurable apart from the process's on Node 20). */
let busyMs = 0;
if (!port) throw new Error('sync-floor-worker.ts runs as a worker thread');
port.on('message', (m: { kind?: MirrorKind; rows?: Prepared[]; close?: true }) => {
  if (m.close) {
    writer.close();
    port.postMessage({ closed: true, busyS: busyMs / 1000 });
    port.close();
    return;
  }
  const t = performance.now();
  if (m.kind && m.rows) writer.write(m.kind, m.rows);
  busyMs += performance.now() - t;
  port.postMessage({ done: true });
});

// A prototype for bench/listing.ts --prototypes, not the product: sequential listing with the
// decoding in a worker thread. The main thread fetches page n and hands its text to the worker; the
// worker parses it, answers has_next_page at once (so page n+1 can be asked for), then turns the
// records into NDJSON text, which the main thread writes in order. No validation: it measures how
// far moving work to a second core could go. Same environment and output as floor-lister.mjs.
import { Worker } from 'node:worker_threads';
import { writeSync } from 'node:fs';

const { BASE, TOKEN, LIST_PATH, LIST_BODY } = process.env;
const params = JSON.parse(LIST_BODY);
const worker = new Worker(new URL('./worker-lister-decode.mjs', import.meta.url));
const arrived = new Map();
const waiting = new Map();
worker.on('message', (m) => {
  const key = `${m.kind}:${m.page}`;
  const w = waiting.get(key);
  if (w) {
    waiting.delete(key);
    w(m);
  } else arrived.set(key, m);
});
worker.on('error', (e) => {
  console.error(e);
  process.exit(1);
});
function reply(kind, page) {
  const key = `${kind}:${page}`;
  const m = arrived.get(key);
  if (m) {
    arrived.delete(key);
    return Promise.resolve(m);
  }
  return new Promise((resolve) => waiting.set(key, resolve));
}

const t0 = performance.now();
let records = 0;
let written = Promise.resolve();
for (let page = 0; ; page++) {
  const res = await fetch(BASE + LIST_PATH, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...params, page }),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  worker.postMessage({ page, text: await res.text() });
  const meta = await reply('meta', page);
  records += meta.records;
  written = written.then(() => reply('text', page)).then((m) => writeSync(1, m.text));
  if (!meta.hasNext) break;
}
await written;
console.error(JSON.stringify({ ms: performance.now() - t0, records }));
process.exit(0);

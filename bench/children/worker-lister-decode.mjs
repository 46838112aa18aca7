// The worker of worker-lister.mjs: parse, say whether there is a next page, then format.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ page, text }) => {
  const body = JSON.parse(text);
  const data = Array.isArray(body.data) ? body.data : body.data['@graph'];
  parentPort.postMessage({ kind: 'meta', page, hasNext: body.has_next_page === true, records: data.length });
  let out = '';
  for (const r of data) out += JSON.stringify(r) + '\n';
  parentPort.postMessage({ kind: 'text', page, text: out });
});

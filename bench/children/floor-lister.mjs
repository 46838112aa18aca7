// The floor of bench/listing.ts: the least a client can do to list every page, i.e. sequential
// fetch + JSON.parse of each page with the same page size, following has_next_page; no validation,
// no typing, no output. Prints one JSON line: time and records. Env: BASE, TOKEN, LIST_PATH, LIST_BODY.
const { BASE, TOKEN, LIST_PATH, LIST_BODY } = process.env;
const params = JSON.parse(LIST_BODY);
const t0 = performance.now();
let records = 0;
for (let page = 0; ; page++) {
  const res = await fetch(BASE + LIST_PATH, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...params, page }),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const body = JSON.parse(await res.text());
  records += Array.isArray(body.data) ? body.data.length : body.data['@graph'].length;
  if (!body.has_next_page) break;
}
console.log(JSON.stringify({ ms: performance.now() - t0, records }));

// The sandbox's own endpoints outside /api/custom/ (issue 16, point 6), over real HTTP: POST
// /sandbox/explain says why the live model scores a recommendation as it does — the per-field bits
// add up to the score the list shows, before and after the model learned from decisions — and POST
// /sandbox/model serves the estimated m and u. Same token rules and JSON errors as the interface.
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { REFIT_EVERY } from '../../src/sandbox/store-matcher';

interface Reply {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, inspected member by member
  json: any;
}

async function post(sb: RunningSandbox, path: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${sb.token}` }, method = 'POST'): Promise<Reply> {
  const res = await fetch(`${sb.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: method === 'GET' ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

interface WireRec {
  '@id': string;
  score: number;
  entities: unknown[];
}

async function pending(sb: RunningSandbox): Promise<WireRec[]> {
  const out: WireRec[] = [];
  for (let page = 0; ; page++) {
    const r = await post(sb, '/api/custom/recommended-deduplications', { page, page_size: 200 });
    assert.equal(r.status, 200, r.text);
    out.push(...(Array.isArray(r.json.data) ? r.json.data : r.json.data['@graph']));
    if (!r.json.has_next_page) return out;
  }
}

/** Every explained pair: prior + Σ field bits (+ the curator's answers, + what rivals took) = logOdds, and score = logistic of it. */
function assertAddsUp(pair: { score: number; logOdds: number; prior: number; answers?: number; rivals?: { bits: number }; fields: { field: string; weight: number; level?: string }[] }): void {
  const sum = pair.prior + pair.fields.reduce((s, f) => s + f.weight, 0) + (pair.answers ?? 0) + (pair.rivals?.bits ?? 0);
  assert.ok(Math.abs(sum - pair.logOdds) < 1e-9, `bits add up: ${sum} vs ${pair.logOdds}`);
  assert.ok(Math.abs(1 / (1 + 2 ** -pair.logOdds) - pair.score) < 1e-9);
  for (const f of pair.fields) assert.equal(typeof f.level, 'string', `${f.field} has its level`);
}

/** Two-entity recommendations: the explained pair is the one the list scored, so the scores are equal. */
async function assertExplainsTheList(sb: RunningSandbox): Promise<{ pairs: number; answered: number }> {
  const recs = await pending(sb);
  let pairs = 0;
  let answered = 0;
  for (const rec of recs) {
    const r = await post(sb, '/sandbox/explain', { id: rec['@id'] });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.id, rec['@id']);
    assert.equal(r.json.pairs.length, rec.entities.length - 1);
    for (const p of r.json.pairs) {
      assertAddsUp(p);
      if (p.answers !== undefined) answered++;
    }
    if (rec.entities.length === 2) {
      assert.ok(Math.abs(r.json.pairs[0].score - rec.score) < 1e-6, `${rec['@id']}: explained ${r.json.pairs[0].score} against listed ${rec.score}`);
      pairs++;
    }
  }
  return { pairs, answered };
}

describe('Sandbox: /sandbox/explain and /sandbox/model (the live model, outside /api/custom/)', function () {
  this.timeout(120_000);
  let sb: RunningSandbox;

  before(async () => {
    sb = await startSandbox({ port: 0, seed: 5, locations: 400, events: 200, autoMergeThreshold: Number.POSITIVE_INFINITY });
  });
  after(async () => {
    await sb?.close();
  });

  it('explains each pending recommendation with the estimated model: its bits add up to the score the list shows', async () => {
    const model = await post(sb, '/sandbox/model', {});
    assert.equal(model.status, 200, model.text);
    assert.equal(model.json.location.source, 'estimated');
    const first = (await pending(sb))[0];
    const r = await post(sb, '/sandbox/explain', { id: first['@id'] });
    assert.equal(r.json.model, 'estimated');
    assert.equal(r.json.labels, 0);
    const seen = await assertExplainsTheList(sb);
    assert.ok(seen.pairs > 5, 'enough two-entity recommendations compared');
    assert.equal(seen.answered, 0, 'no answers before any decision');
  });

  it('after decisions refit the model, the explanation follows: the learned answers are part of the sum', async () => {
    const recs = (await pending(sb)).filter((r) => r.entities.length === 2);
    // Enough decisions for a refit (REFIT_EVERY labelled pairs); the curator rejects the
    // best-scored ones, so the answers pull their patterns down (agreeing answers on a pattern
    // the model already puts at 1.00 would move it by nothing).
    for (const rec of recs.slice(0, REFIT_EVERY + 4)) {
      const d = await post(sb, '/api/custom/recommended-deduplications/reject', { id: rec['@id'] });
      assert.equal(d.status, 200, d.text);
    }
    const model = await post(sb, '/sandbox/model', {});
    assert.ok(model.json.labels >= REFIT_EVERY, `labels learned: ${model.json.labels}`);
    const seen = await assertExplainsTheList(sb);
    assert.ok(seen.pairs > 3);
    assert.ok(seen.answered > 0, 'pairs of a pattern the curator answered carry the answers\' bits');
  });

  it('serves m and u per level, as --print-model prints them', async () => {
    const r = await post(sb, '/sandbox/model', {});
    for (const kind of ['location', 'event']) {
      const m = r.json[kind];
      assert.ok(m.lambda > 0 && m.lambda < 1);
      const name = m.comparisons.find((c: { field: string }) => c.field === 'name');
      assert.ok(name.levels.length >= 3);
      for (const l of name.levels) assert.ok(l.m > 0 && l.m <= 1 && l.u > 0 && l.u <= 1, JSON.stringify(l));
      assert.equal(typeof m.report.iterations, 'number');
    }
  });

  it('keeps the interface rules: token, method, unknown or decided ids, no stack traces', async () => {
    assert.equal((await post(sb, '/sandbox/model', {}, {})).status, 402);
    assert.equal((await post(sb, '/sandbox/model', {}, { Authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await post(sb, '/sandbox/explain', { id: 'x' }, {})).status, 402);
    assert.equal((await post(sb, '/sandbox/model', {}, undefined, 'GET')).status, 405);
    assert.equal((await post(sb, '/sandbox/nothing', {})).status, 404);
    const unknown = await post(sb, '/sandbox/explain', { id: 'no-such-recommendation' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'not_found');
    const missing = await post(sb, '/sandbox/explain', {});
    assert.equal(missing.status, 400);
    const decided = (await pending(sb))[0];
    await post(sb, '/api/custom/recommended-deduplications/reject', { id: decided['@id'] });
    const again = await post(sb, '/sandbox/explain', { id: decided['@id'] });
    assert.equal(again.status, 409, again.text);
    for (const r of [unknown, missing, again]) assert.ok(!/\n\s+at /.test(r.text));
  });
});

// The sandbox serves list answers from cached bytes (src/sandbox/http-json.ts) and cached
// recommendation objects (store.ts): these tests make sure a decision is visible in the very next
// answer, over real HTTP on 127.0.0.1; and they cover the autoMergeThreshold start-up option.
import assert from 'node:assert/strict';
import { SandboxOptionError, startSandbox, type RunningSandbox } from '../../src/sandbox/index';

const PAST = '2000-01-01T00:00:00.000Z';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, read member by member
type Json = any;

async function post(sb: RunningSandbox, path: string, body: unknown): Promise<Json> {
  const res = await fetch(`${sb.baseUrl}/api/custom/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return res.json();
}

async function allLocations(sb: RunningSandbox): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 0; ; page++) {
    const r = await post(sb, 'locations', { updated_since: PAST, page, page_size: 500 });
    out.push(...r.data);
    if (!r.has_next_page) return out;
  }
}

async function allRecommendations(sb: RunningSandbox): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 0; ; page++) {
    const r = await post(sb, 'recommended-deduplications', { page, page_size: 200 });
    out.push(...r.data['@graph']);
    if (!r.has_next_page) return out;
  }
}

/** Every location entity's `identifier` must be the unified location that lists its source id now. */
function assertIdentifiersCurrent(recs: Json[], locations: Json[]): void {
  const owner = new Map<string, string>();
  for (const l of locations) for (const s of l.sourceIds) owner.set(`${s.integration}#${s.id}`, l.id);
  let checked = 0;
  for (const r of recs) {
    for (const e of r.entities) {
      if (e['@type'] !== 'https://schema.org/PostalAddress') continue;
      assert.equal(e.identifier, owner.get(`${e.integration}#${e.sourceId}`), `${r['@id']}: entity ${e['@id']}`);
      checked++;
    }
  }
  assert.ok(checked > 0, 'some location entities were checked');
}

describe('sandbox: cached list answers follow decisions', () => {
  it('shows a merge in the next location and recommendation answers', async () => {
    const sb = await startSandbox({ port: 0, seed: 3, locations: 150, events: 0, autoMergeThreshold: 2 });
    try {
      const recsBefore = await allRecommendations(sb);
      const locsBefore = await allLocations(sb);
      assertIdentifiersCurrent(recsBefore, locsBefore);
      // Approve a recommendation whose records also appear in another pending one, so that the
      // other's entities change their unified record.
      const counts = new Map<string, number>();
      for (const r of recsBefore) for (const e of r.entities) counts.set(e['@id'], (counts.get(e['@id']) ?? 0) + 1);
      const chosen = recsBefore.find((r) => r.entities.some((e: Json) => counts.get(e['@id'])! > 1)) ?? recsBefore[0];
      await post(sb, 'recommended-deduplications/approve', { id: chosen['@id'] });

      const recsAfter = await allRecommendations(sb);
      const locsAfter = await allLocations(sb);
      assert.ok(!recsAfter.some((r) => r['@id'] === chosen['@id']), 'the approved recommendation left the list');
      assert.equal(locsAfter.length, locsBefore.length - (chosen.entities.length - 1), 'its entities are one location now');
      const merged = locsAfter.find((l) => l.id === chosen.entities[0].identifier);
      assert.equal(merged.sourceIds.length, chosen.entities.length);
      assertIdentifiersCurrent(recsAfter, locsAfter);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox: autoMergeThreshold', () => {
  it('above 1 merges nothing at start-up: one unified location per source location, more pending', async () => {
    const data = { port: 0, seed: 2, locations: 150, events: 0 } as const;
    const merged = await startSandbox(data);
    const unmerged = await startSandbox({ ...data, autoMergeThreshold: 1.5 });
    try {
      const a = merged.store.stats();
      const b = unmerged.store.stats();
      assert.equal(a.sourceRecords, b.sourceRecords, 'same data');
      assert.equal(b.locations, b.sourceRecords, 'every source location is its own unified record');
      assert.ok(a.locations < b.locations, `the default merges some (${a.locations} < ${b.locations})`);
      assert.ok(b.pendingRecommendations > a.pendingRecommendations, `${b.pendingRecommendations} > ${a.pendingRecommendations}`);
    } finally {
      await Promise.all([merged.close(), unmerged.close()]);
    }
  });

  it('refuses a value that is not a number ≥ 0, and the combination with a data dir', async () => {
    for (const bad of [Number.NaN, -0.1]) {
      await assert.rejects(startSandbox({ port: 0, locations: 10, events: 0, autoMergeThreshold: bad }), (e: unknown) => e instanceof SandboxOptionError && /autoMergeThreshold/.test(e.message));
    }
    await assert.rejects(startSandbox({ port: 0, autoMergeThreshold: 2, dataDir: '/nonexistent/never-created' }), (e: unknown) => e instanceof SandboxOptionError && /dataDir/.test(e.message));
  });
});

// Shared by the mirror tests: what a fresh full listing of the sandbox says, to compare a mirror
// with, and approvals that merge records.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DedupClient } from '../../src/api';
import { EARLIEST_SINCE, type Mirror, type MirrorKind } from '../../src/mirror';

export function tempDir(prefix = 'dedup-mirror-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** Every record the service lists now, by id. */
export async function fullListing(client: DedupClient, kind: MirrorKind): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const params = { updatedSince: EARLIEST_SINCE, pageSize: 500 };
  const items = kind === 'locations' ? client.allLocations(params) : client.allEvents(params);
  for await (const r of items) out.set((r as { id: string }).id, r);
  return out;
}

/** Every record in the mirror, by id (through the public search: an empty query lists them). */
export function mirrored(mirror: Mirror, kind: MirrorKind): Map<string, unknown> {
  return new Map(mirror.search(kind, '', Number.MAX_SAFE_INTEGER).map((h) => [h.id, h.record]));
}

/** The mirror holds exactly what a fresh listing of each kind says (ids and whole records). */
export async function assertEqualsService(client: DedupClient, mirror: Mirror): Promise<void> {
  for (const kind of ['locations', 'events'] as const) {
    const want = await fullListing(client, kind);
    const got = mirrored(mirror, kind);
    const missing = [...want.keys()].filter((id) => !got.has(id));
    const extra = [...got.keys()].filter((id) => !want.has(id));
    assert.deepEqual({ missing: missing.length, extra: extra.length }, { missing: 0, extra: 0 }, `${kind}: mirror has ${got.size}, the service lists ${want.size} (missing ${missing.slice(0, 3).join(', ')}; extra ${extra.slice(0, 3).join(', ')})`);
    assert.deepEqual(got, want, `${kind}: the mirror differs from a fresh listing`);
  }
}

/** Approves up to n pending recommendations whose entities no earlier one touched: merges. */
export async function approveSome(client: DedupClient, n: number): Promise<string[]> {
  const approved: string[] = [];
  const page = await client.listRecommendations({ pageSize: 200 });
  const touched = new Set<string>();
  for (const r of page.data) {
    if (approved.length >= n) break;
    const ids = r.entities.map((e) => e.identifier ?? e['@id']);
    if (ids.some((id) => touched.has(id))) continue;
    ids.forEach((id) => touched.add(id));
    await client.approve(r['@id']);
    approved.push(r['@id']);
  }
  return approved;
}

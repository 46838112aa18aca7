// Shared by the mirror tests: what a fresh full listing of the sandbox says, to compare a mirror with.
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

// Shared helpers of the sandbox store tests: a small data set, a controllable clock, and listing
// everything through the paged API the way a client would.
import type { Event, Location } from '../../src/api/model';
import { SandboxStore, type SandboxStoreOptions } from '../../src/sandbox/store';

export const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

export function clock(start = T0): { now: () => number; advance: (ms: number) => number } {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

export const SMALL = { seed: 1, locations: 300, events: 300, integrations: 4 } as const;

export function openSmall(extra: SandboxStoreOptions = {}): Promise<SandboxStore> {
  return SandboxStore.open({ ...SMALL, now: clock().now, ...extra });
}

export function allLocations(store: SandboxStore, updatedSince = 0, onlyExternalUpdates = false, pageSize = 37): Location[] {
  const out: Location[] = [];
  for (let page = 0; ; page++) {
    const r = store.listLocations({ page, pageSize, updatedSince, onlyExternalUpdates });
    out.push(...r.data);
    if (!r.hasNextPage) return out;
  }
}

export function allEvents(store: SandboxStore, q: { updatedSince?: number; onlyExternalUpdates?: boolean; startAfter?: number; startBefore?: number; location?: string } = {}, pageSize = 41): Event[] {
  const out: Event[] = [];
  for (let page = 0; ; page++) {
    const r = store.listEvents({ page, pageSize, updatedSince: q.updatedSince ?? 0, onlyExternalUpdates: q.onlyExternalUpdates ?? false, startAfter: q.startAfter, startBefore: q.startBefore, location: q.location });
    out.push(...r.data);
    if (!r.hasNextPage) return out;
  }
}

export function allRecommendations(store: SandboxStore, pageSize = 7) {
  const out = [];
  for (let page = 0; ; page++) {
    const r = store.listRecommendations({ page, pageSize });
    out.push(...r.data);
    if (!r.hasNextPage) return out;
  }
}

export const idNumber = (id: string) => Number(id.slice(id.lastIndexOf(':') + 1));

// The unified records: which source records each one merges (clusters), their timestamps, their
// wire form (cached), and the sorted indexes that listing pages through.
import type { Event, Location } from '../api/model';
import type { ListResult, LocationQuery, EventQuery } from './store-api';
import type { SourceEventRecord, SourceLocationRecord, SourceRecord } from './source-records';
import { mergeEvent, mergeLocation, timingSource, type UnionFind } from './merge';
import { SortedIndex } from './store-index';
import { unifiedId, type EntityKind } from './store-ids';
import { eventWire, locationWire } from './store-wire';

export interface Cluster {
  kind: EntityKind;
  /** The number in the id; a merge keeps the lowest. */
  n: number;
  id: string;
  /** Record indices, ascending (= source order). */
  members: number[];
  createdAt: number;
  /** Last update from source data (generation or import). */
  externalAt: number;
  /** Last update caused by the client's decisions; -Infinity when none. */
  internalAt: number;
  updatedAt: number;
  /** Events: start instant, for the start filters; and the unified location they are at. */
  start?: number;
  location?: Cluster;
  /** The wire form, rendered on first listing after a change (undefined: stale). */
  wire?: Location | Event;
}

interface KindIndex {
  updated: SortedIndex<Cluster>;
  external: SortedIndex<Cluster>;
}

const byUpdated = () => new SortedIndex<Cluster>((c) => c.updatedAt, (c) => c.n);
const byExternal = () => new SortedIndex<Cluster>((c) => c.externalAt, (c) => c.n);

export class UnifiedRecords {
  private readonly clusterOf: (Cluster | undefined)[];
  readonly byId = new Map<string, Cluster>();
  private readonly index: Record<EntityKind, KindIndex> = {
    location: { updated: byUpdated(), external: byExternal() },
    event: { updated: byUpdated(), external: byExternal() },
  };
  /** Unified location id → the unified events embedding it. */
  private readonly eventsAt = new Map<string, Set<Cluster>>();

  /**
   * records: every source record; sync: their first/last sync times; uf: the start-up merges.
   * Clusters are numbered per kind in the order of their first record, so ids are stable.
   */
  constructor(
    private readonly records: readonly SourceRecord[],
    private readonly keyIndex: ReadonlyMap<string, number>,
    private readonly sync: readonly { first: number; last: number }[],
    uf: UnionFind,
  ) {
    this.clusterOf = new Array<Cluster | undefined>(records.length);
    const byRoot = new Map<number, number[]>();
    for (let i = 0; i < records.length; i++) {
      const root = uf.find(i);
      const list = byRoot.get(root);
      if (list) list.push(i);
      else byRoot.set(root, [i]);
    }
    const next: Record<EntityKind, number> = { location: 1, event: 1 };
    const clusters: Cluster[] = [];
    // Map iteration follows insertion, i.e. each cluster's first (lowest) record index.
    for (const members of byRoot.values()) {
      const kind = records[members[0]].kind;
      const n = next[kind]++;
      const c = { kind, n, id: unifiedId(kind, n), members, createdAt: 0, externalAt: 0, internalAt: -Infinity, updatedAt: 0 } as Cluster;
      this.stamp(c);
      for (const i of members) this.clusterOf[i] = c;
      this.byId.set(c.id, c);
      clusters.push(c);
    }
    for (const c of clusters) if (c.kind === 'event') this.placeEvent(c);
    for (const kind of ['location', 'event'] as const) {
      const of = clusters.filter((c) => c.kind === kind);
      this.index[kind].updated.reset(of);
      this.index[kind].external.reset(of);
    }
  }

  count(kind: EntityKind): number {
    return this.index[kind].updated.length;
  }

  clusterOfRecord(i: number): Cluster {
    return this.clusterOf[i] as Cluster;
  }

  private stamp(c: Cluster): void {
    c.createdAt = Math.min(...c.members.map((i) => this.sync[i].first));
    c.externalAt = Math.max(...c.members.map((i) => this.sync[i].last));
    c.updatedAt = Math.max(c.externalAt, c.internalAt);
  }

  /**
   * Marks the wire form stale after a change. Rendering is deferred to the first listing that shows
   * the record (wireOf), so start-up does not merge fields of thousands of records nobody looks at.
   */
  private invalidate(c: Cluster): void {
    c.wire = undefined;
    if (c.kind === 'event') c.start = Date.parse(timingSource(c.members.map((i) => this.records[i] as SourceEventRecord)).startDate);
  }

  wireOf(c: Cluster): Location | Event {
    if (c.wire) return c.wire;
    if (c.kind === 'location') {
      c.wire = locationWire(c, mergeLocation(c.members.map((i) => this.records[i] as SourceLocationRecord)));
    } else {
      const merged = mergeEvent(c.members.map((i) => this.records[i] as SourceEventRecord));
      c.wire = eventWire(c, merged, c.location ? (this.wireOf(c.location) as Location) : undefined);
    }
    return c.wire;
  }

  /**
   * An event's unified location: the one most of its sources point at (their location records'
   * unified records), ties to the lowest id number. Then marks the event for re-rendering.
   */
  private placeEvent(c: Cluster): void {
    const votes = new Map<Cluster, number>();
    for (const i of c.members) {
      const ref = (this.records[i] as SourceEventRecord).location;
      const at = ref ? this.keyIndex.get(`${ref.integration}#${ref.sourceId}`) : undefined;
      if (at === undefined) continue;
      const loc = this.clusterOf[at] as Cluster;
      votes.set(loc, (votes.get(loc) ?? 0) + 1);
    }
    let best: Cluster | undefined;
    for (const [loc, v] of votes) {
      const bv = best ? (votes.get(best) as number) : 0;
      if (!best || v > bv || (v === bv && loc.n < best.n)) best = loc;
    }
    if (c.location !== best) {
      if (c.location) this.eventsAt.get(c.location.id)?.delete(c);
      if (best) {
        const set = this.eventsAt.get(best.id) ?? new Set<Cluster>();
        set.add(c);
        this.eventsAt.set(best.id, set);
      }
      c.location = best;
    }
    this.invalidate(c);
  }

  private unindex(c: Cluster): void {
    this.index[c.kind].updated.remove(c);
    this.index[c.kind].external.remove(c);
  }

  private reindex(c: Cluster): void {
    this.index[c.kind].updated.insert(c);
    this.index[c.kind].external.insert(c);
  }

  /**
   * Merges the unified records holding these source records into the one with the lowest number,
   * as a client decision at `at`. Events at merged locations re-embed the merged location (and so
   * count as updated at `at`). Returns the surviving record.
   */
  merge(recordIndices: readonly number[], at: number): Cluster {
    const clusters = [...new Set(recordIndices.map((i) => this.clusterOf[i] as Cluster))].sort((a, b) => a.n - b.n);
    const survivor = clusters[0];
    const kind = survivor.kind;
    if (clusters.some((c) => c.kind !== kind)) throw new Error('merge: locations and events cannot be merged together');
    const absorbed = clusters.slice(1);
    for (const c of clusters) this.unindex(c);
    for (const c of absorbed) {
      for (const i of c.members) this.clusterOf[i] = survivor;
      survivor.members.push(...c.members);
      this.byId.delete(c.id);
    }
    survivor.members.sort((a, b) => a - b);
    survivor.internalAt = Math.max(survivor.internalAt, at);
    this.stamp(survivor);
    if (kind === 'location') {
      this.invalidate(survivor);
      const affected = new Set<Cluster>();
      for (const c of clusters) {
        for (const e of this.eventsAt.get(c.id) ?? []) affected.add(e);
        if (c !== survivor) this.eventsAt.delete(c.id);
      }
      for (const e of affected) {
        this.unindex(e);
        e.internalAt = Math.max(e.internalAt, at);
        this.stamp(e);
        this.placeEvent(e); // re-vote: its sources now point at the survivor
        this.reindex(e);
      }
    } else {
      for (const c of absorbed) if (c.location) this.eventsAt.get(c.location.id)?.delete(c);
      this.placeEvent(survivor);
    }
    this.reindex(survivor);
    return survivor;
  }

  listLocations(q: LocationQuery): ListResult<Location> {
    const index = q.onlyExternalUpdates ? this.index.location.external : this.index.location.updated;
    const from = index.lowerBound(q.updatedSince) + q.page * q.pageSize;
    const page = index.slice(from, from + q.pageSize);
    return { data: page.map((c) => this.wireOf(c) as Location), hasNextPage: from + q.pageSize < index.length };
  }

  listEvents(q: EventQuery): ListResult<Event> {
    const index = q.onlyExternalUpdates ? this.index.event.external : this.index.event.updated;
    const timeOf = q.onlyExternalUpdates ? (c: Cluster) => c.externalAt : (c: Cluster) => c.updatedAt;
    const skip = q.page * q.pageSize;
    const keep = (c: Cluster) =>
      (q.startAfter === undefined || (c.start as number) > q.startAfter) && (q.startBefore === undefined || (c.start as number) < q.startBefore);
    if (q.location !== undefined) {
      // Few events per location: filter and sort that small set.
      const at = [...(this.eventsAt.get(q.location) ?? [])]
        .filter((c) => timeOf(c) >= q.updatedSince && keep(c))
        .sort((a, b) => timeOf(a) - timeOf(b) || a.n - b.n);
      return { data: at.slice(skip, skip + q.pageSize).map((c) => this.wireOf(c) as Event), hasNextPage: skip + q.pageSize < at.length };
    }
    const start = index.lowerBound(q.updatedSince);
    if (q.startAfter === undefined && q.startBefore === undefined) {
      const from = start + skip;
      return { data: index.slice(from, from + q.pageSize).map((c) => this.wireOf(c) as Event), hasNextPage: from + q.pageSize < index.length };
    }
    // Start filters: one scan from the boundary, stopping one match past the page.
    const data: Event[] = [];
    let matched = 0;
    for (let i = start; i < index.length; i++) {
      const c = index.at(i);
      if (!keep(c)) continue;
      if (matched++ < skip) continue;
      if (data.length === q.pageSize) return { data, hasNextPage: true };
      data.push(this.wireOf(c) as Event);
    }
    return { data, hasNextPage: false };
  }
}

// The sandbox's data: source records (generated and imported), the unified records they merge
// into, the matcher's recommendations, and the client's decisions. The HTTP layer (server.ts)
// calls it through SandboxStoreApi. Behaviour choices are documented in docs/sandbox.md
// (## Sandbox data model).
import type { Event, Location, Recommendation } from '../api/model';
import type { Candidate, KeyLabel } from '../matching/index';
import { DEFAULT_GENERATE_OPTIONS, generateDataset } from './generator';
import { UnionFind } from './merge';
import { DataDir, type DecisionRecord, type StoreInputs } from './persistence';
import { sourceKey, type SourceRecord } from './source-records';
import { StoreError, type EventQuery, type ListResult, type LocationQuery, type PageQuery, type RecommendationExplanation, type RecommendationListResult, type SandboxStoreApi } from './store-api';
import { SandboxMatcher, type MatcherState, type StoreMatcher } from './store-matcher';
import { TruthMatcher } from './store-truth-matcher';
import { RECOMMENDATION_TYPE, recommendationId, syncTimes, type EntityKind } from './store-ids';
import { RecommendationBook, type Rec } from './store-recommendations';
import { UnifiedRecords } from './store-table';
import { entityWire } from './store-wire';

export interface SandboxStoreOptions {
  seed?: number;
  /** Real places, events and integrations to generate (defaults 2,000 / 2,000 / 4; 0 places and events with `records`). */
  locations?: number;
  events?: number;
  integrations?: number;
  /** Imported source records (see load-ndjson.ts): the data set, with generated ones only if counts are given. */
  records?: SourceRecord[];
  /** Keep records and decisions here across restarts (see persistence.ts). */
  dataDir?: string;
  /**
   * Links scoring at or above this are merged at start-up (default AUTO_MERGE_THRESHOLD); above 1
   * nothing is, so every candidate stays pending (benchmarks use it for large pending lists). Not
   * recorded in a data dir, so it cannot be combined with `dataDir`.
   */
  autoMergeThreshold?: number;
  /**
   * Labelled pairs of source keys (e.g. from `--labels FILE`), learned from when the matcher's model
   * is estimated. Not recorded in a data dir, so not combined with `dataDir`.
   */
  labels?: (KeyLabel & { line?: number })[];
  /**
   * `truth`: no learned matcher; each real place or event the generator listed more than once is one
   * pending recommendation of its listings, nothing is merged at start-up (store-truth-matcher.ts).
   * For benchmarks at a million records, where the learned matcher takes minutes and gigabytes.
   * Not with `dataDir` or `labels`.
   */
  matcher?: 'learned' | 'truth';
  /** Clock (epoch ms), for tests. */
  now?: () => number;
}

export const DEFAULT_SEED = 1;
/** Links the matcher scores at or above this are merged at start-up without asking. */
export const AUTO_MERGE_THRESHOLD = 0.98;

export class SandboxStore implements SandboxStoreApi {
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  /**
   * Wire forms of recommendations already listed, by id. A decision can change the unified record
   * (`identifier`) of any entity, so every decision empties it. Handing out the same object for an
   * unchanged recommendation also lets the HTTP layer reuse its serialised bytes (http-json.ts).
   */
  private readonly recWire = new Map<string, Recommendation>();

  private constructor(
    readonly inputs: StoreInputs,
    private readonly records: SourceRecord[],
    private readonly keyIndex: Map<string, number>,
    private readonly table: UnifiedRecords,
    private readonly book: RecommendationBook,
    private readonly now: () => number,
    private readonly dataDir: DataDir | undefined,
    /** Things the operator should know (e.g. a torn decision-log line discarded on open). */
    readonly warnings: readonly string[],
    private readonly matching: StoreMatcher,
    /** The generator's ground truth: source key → true entity ("place:12", "event:7"). */
    private readonly truth: ReadonlyMap<string, string>,
  ) {}

  static async open(opts: SandboxStoreOptions = {}): Promise<SandboxStore> {
    // Whole milliseconds: timestamps go to the wire and the decision log at that precision, and a
    // replayed state must equal the live one.
    const clock = opts.now ?? Date.now;
    const now = () => Math.floor(clock());
    // Imported records are the data set: synthetic ones beside them only when asked for.
    const generated = opts.records === undefined ? DEFAULT_GENERATE_OPTIONS : { locations: 0, events: 0 };
    const requested = {
      seed: opts.seed ?? DEFAULT_SEED,
      locations: opts.locations ?? generated.locations,
      events: opts.events ?? generated.events,
      integrations: opts.integrations ?? DEFAULT_GENERATE_OPTIONS.integrations,
    };
    const autoMerge = opts.autoMergeThreshold ?? AUTO_MERGE_THRESHOLD;
    if (typeof autoMerge !== 'number' || Number.isNaN(autoMerge) || autoMerge < 0) {
      throw new RangeError(`autoMergeThreshold must be a number ≥ 0 (above 1 merges nothing), got ${String(opts.autoMergeThreshold)}`);
    }
    if (opts.autoMergeThreshold !== undefined && opts.dataDir !== undefined) {
      // A data dir replays decisions against the same start-up merges; it does not record this option.
      throw new RangeError('autoMergeThreshold cannot be combined with dataDir');
    }
    const matcher = opts.matcher ?? 'learned';
    if (matcher !== 'learned' && matcher !== 'truth') throw new RangeError(`matcher must be "learned" or "truth", got ${String(opts.matcher)}`);
    if (matcher === 'truth' && (opts.dataDir !== undefined || opts.labels !== undefined)) {
      // Nothing to learn from labels; a data dir's decisions were taken against the learned matcher's proposals.
      throw new RangeError('the truth matcher cannot be combined with dataDir or labels');
    }
    if (opts.labels !== undefined && opts.dataDir !== undefined) {
      // Labels change the model, hence the start-up merges the logged decisions were made against.
      throw new RangeError('labels cannot be combined with dataDir (the data dir does not record them)');
    }
    let inputs: StoreInputs;
    let decisions: DecisionRecord[] = [];
    let warnings: string[] = [];
    let dataDir: DataDir | undefined;
    if (opts.dataDir !== undefined) {
      const explicit = new Set((['seed', 'locations', 'events', 'integrations'] as const).filter((k) => opts[k] !== undefined));
      ({ inputs, decisions, warnings, dataDir } = await DataDir.open(opts.dataDir, { ...requested, explicit, records: opts.records }, now));
    } else {
      inputs = { ...requested, createdAt: now(), records: opts.records ?? [] };
    }
    try {
      return SandboxStore.build(inputs, decisions, warnings, now, dataDir, autoMerge, opts.labels ?? [], matcher);
    } catch (e) {
      await dataDir?.close();
      throw e;
    }
  }

  private static build(inputs: StoreInputs, decisions: DecisionRecord[], warnings: string[], now: () => number, dataDir: DataDir | undefined, autoMerge: number, labels: (KeyLabel & { line?: number })[], matcher: 'learned' | 'truth'): SandboxStore {
    const dataset = generateDataset({ seed: inputs.seed, locations: inputs.locations, events: inputs.events, integrations: inputs.integrations });
    const generated = dataset.records;
    const records = [...generated, ...inputs.records];
    const keyIndex = new Map<string, number>();
    records.forEach((r, i) => {
      const key = sourceKey(r);
      if (keyIndex.has(key)) {
        const what = keyIndex.get(key)! < generated.length ? 'a generated record' : 'another imported record';
        throw new Error(`imported record ${key} has the same integration and sourceId as ${what}; use another sourceId or integration`);
      }
      keyIndex.set(key, i);
    });
    const sync = records.map((r, i) => syncTimes(sourceKey(r), inputs.createdAt, i < generated.length));
    // The matcher learns its model from these records (and the labels), then proposes candidates.
    const matching: StoreMatcher = matcher === 'truth' ? new TruthMatcher(records, dataset.truth) : SandboxMatcher.build(records, keyIndex, generated.length, labels);
    const candidates: [EntityKind, Candidate[]][] = [
      ['location', matching.candidates('location')],
      ['event', matching.candidates('event')],
    ];
    // Start-up merges: near-certain links, clustered without chaining (see SandboxMatcher), so the
    // lists already show multi-source records.
    const uf = new UnionFind(records.length);
    for (const kind of ['location', 'event'] as const) {
      for (const cluster of matching.startupMerges(kind, autoMerge)) {
        for (let i = 1; i < cluster.length; i++) uf.union(keyIndex.get(cluster[0])!, keyIndex.get(cluster[i])!);
      }
    }
    const table = new UnifiedRecords(records, keyIndex, sync, uf);
    const book = new RecommendationBook();
    // Candidates come strongest first; two that would merge the same unified records (links
    // between two start-up clusters that the non-chaining rule kept apart) are one proposal.
    const proposed = new Set<string>();
    for (const [kind, list] of candidates) {
      for (const c of list) {
        const recIndices = c.keys.map((k) => keyIndex.get(k)!).sort((a, b) => a - b);
        const roots = [...new Set(recIndices.map((i) => uf.find(i)))].sort((a, b) => a - b);
        if (roots.length < 2) continue; // already one record
        if (proposed.has(roots.join())) continue;
        proposed.add(roots.join());
        book.add({ id: recommendationId(kind, c.keys), kind, score: c.score, keys: recIndices.map((i) => sourceKey(records[i])), records: recIndices, pairs: c.pairs });
      }
    }
    book.sortAll();
    const store = new SandboxStore(inputs, records, keyIndex, table, book, now, dataDir, [...warnings, ...matching.warnings], matching, dataset.truth);
    // Replaying the decisions in order through the live code path reproduces the live state exactly.
    for (const d of decisions) store.apply(d, true);
    // Rejections persist as pairs: should a changed matcher group rejected pairs differently, a
    // group whose every link was rejected is still not proposed again.
    for (const rec of book.pendingRecs()) if (book.allPairsRejected(rec.pairs)) book.makeMoot(rec, 'all its pairs were rejected before');
    return store;
  }

  listRecommendations(q: PageQuery): RecommendationListResult {
    const { recs, total, hasNextPage } = this.book.page(q.page, q.pageSize);
    return { data: recs.map((r) => this.recommendationWire(r)), hasNextPage, total };
  }

  private recommendationWire(rec: Rec): Recommendation {
    let wire = this.recWire.get(rec.id);
    if (!wire) {
      wire = this.renderRecommendation(rec);
      this.recWire.set(rec.id, wire);
    }
    return wire;
  }

  private renderRecommendation(rec: Rec): Recommendation {
    return {
      '@id': rec.id,
      '@type': RECOMMENDATION_TYPE,
      score: rec.score,
      entities: rec.records.map((i) => {
        const r = this.records[i];
        const loc = r.kind === 'event' && r.location ? this.keyIndex.get(sourceKey(r.location)) : undefined;
        return entityWire(r, this.table.clusterOfRecord(i).id, loc === undefined ? undefined : this.records[loc]);
      }),
    };
  }

  approve(id: string): Promise<void> {
    return this.decide(id, 'approve');
  }

  reject(id: string): Promise<void> {
    return this.decide(id, 'reject');
  }

  /** Decisions run one at a time: check, log durably, then apply, so a crash never half-applies. */
  private decide(id: string, decision: 'approve' | 'reject'): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the sandbox store is closed'));
    const run = this.chain.then(async () => {
      const rec = this.book.getPending(id);
      if (!rec) throw this.notPending(id);
      const d: DecisionRecord = { decision, id, kind: rec.kind, keys: rec.keys, at: this.now() };
      await this.dataDir?.append(d);
      this.apply(d, false);
    });
    this.chain = run.catch(() => {});
    return run;
  }

  private notPending(id: string): StoreError {
    const { status, reason } = this.book.status(id);
    if (status === 'approved' || status === 'rejected') return new StoreError('conflict', `recommendation ${id} was already ${status}`);
    if (status === 'moot') return new StoreError('conflict', `recommendation ${id} is no longer pending: ${reason}`);
    return new StoreError('not_found', `no recommendation with id ${id}`);
  }

  /** Applies a decision (live, or replayed from the data dir on open). */
  private apply(d: DecisionRecord, replay: boolean): void {
    this.recWire.clear();
    const indices = d.keys.map((k) => {
      const i = this.keyIndex.get(k);
      if (i === undefined) throw new Error(`decision log: ${d.decision} of ${d.id} refers to source record ${k}, which is not in the data set`);
      return i;
    });
    const before = this.book.status(d.id).status;
    if (replay && (before === 'approved' || before === 'rejected')) throw new Error(`decision log: recommendation ${d.id} is decided twice`);
    if (d.decision === 'approve') {
      this.book.decide(d.id, 'approved');
      const survivor = this.table.merge(indices, d.at);
      const cluster = new Set(survivor.members);
      for (const rec of this.book.touching(survivor.members)) {
        if (rec.records.every((i) => cluster.has(i))) this.book.makeMoot(rec, `its entities were merged into ${survivor.id} by approving ${d.id}`);
      }
    } else {
      this.book.decide(d.id, 'rejected');
      this.book.rejectPairs(d.keys);
      for (const rec of this.book.touching(indices)) {
        if (this.book.allPairsRejected(rec.pairs)) this.book.makeMoot(rec, `all its pairs were rejected with ${d.id}`);
      }
    }
    // The decision is a label: every so many, the model is refitted and the pending list re-scored.
    // Replaying the log goes through here too, so a reopened store has the same scores.
    if (this.matching.learn(d.keys, d.decision)) {
      this.book.rescore((kind, a, b) => this.matching.pairScore(kind, a, b));
    }
  }

  explainRecommendation(id: string): RecommendationExplanation {
    const rec = this.book.getPending(id);
    if (!rec) throw this.notPending(id);
    const state = this.matching.state();
    const pairs = rec.keys.slice(1).map((key) => {
      const pair = this.matching.explain(rec.kind, rec.keys[0], key);
      if (!pair) throw new Error(`recommendation ${id}: source record ${key} is not in the matcher's data`);
      return pair;
    });
    return { id, kind: rec.kind, model: state[rec.kind].source, labels: state.labels, pairs };
  }

  /** The matcher's current models (estimated, and refitted on decisions) and how many labels they learned from. */
  matcher(): MatcherState {
    return this.matching.state();
  }

  /** The generator's ground truth for the generated records (imported records have none). */
  groundTruth(): { integration: string; sourceId: string; trueId: string }[] {
    const out: { integration: string; sourceId: string; trueId: string }[] = [];
    for (const r of this.records) {
      const trueId = this.truth.get(sourceKey(r));
      if (trueId !== undefined) out.push({ integration: r.integration, sourceId: r.sourceId, trueId });
    }
    return out;
  }

  listLocations(q: LocationQuery): ListResult<Location> {
    return this.table.listLocations(q);
  }

  listEvents(q: EventQuery): ListResult<Event> {
    return this.table.listEvents(q);
  }

  stats(): { locations: number; events: number; pendingRecommendations: number; sourceRecords: number } {
    return { locations: this.table.count('location'), events: this.table.count('event'), pendingRecommendations: this.book.pendingCount, sourceRecords: this.records.length };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.chain;
    await this.dataDir?.close();
  }
}

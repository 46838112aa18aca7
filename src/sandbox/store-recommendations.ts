// Pending recommendations in list order (score descending, then id), what was decided, and which
// recommendations a decision made moot. The list is kept sorted so a page is a slice, not a sort.
import type { ScoredPair } from '../matching/index';
import type { EntityKind } from './store-ids';

export interface Rec {
  id: string;
  kind: EntityKind;
  score: number;
  /** Source keys and their record indices, in source order. */
  keys: string[];
  records: number[];
  /** The scored links inside the group (from the matcher). */
  pairs: ScoredPair[];
}

export type RecStatus = 'pending' | 'approved' | 'rejected' | 'moot' | 'unknown';

const before = (a: Rec, b: Rec) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

export class RecommendationBook {
  private pending: Rec[] = [];
  private readonly pendingById = new Map<string, Rec>();
  private readonly byRecord = new Map<number, Set<Rec>>();
  private readonly decided = new Map<string, 'approved' | 'rejected'>();
  /** Left the list without a decision of its own: id → why. */
  private readonly moot = new Map<string, string>();
  private readonly rejectedPairs = new Set<string>();

  /** Initial load; call sortAll() after the last one. Duplicates (same id) are ignored. */
  add(rec: Rec): void {
    if (this.pendingById.has(rec.id)) return;
    this.pending.push(rec);
    this.pendingById.set(rec.id, rec);
    for (const r of rec.records) {
      const set = this.byRecord.get(r) ?? new Set<Rec>();
      set.add(rec);
      this.byRecord.set(r, set);
    }
  }

  sortAll(): void {
    this.pending.sort(before);
  }

  /** New scores for the pending recommendations' links (the matcher learned): each keeps its weakest link. */
  rescore(score: (kind: EntityKind, a: string, b: string) => number): void {
    for (const rec of this.pending) {
      rec.pairs = rec.pairs.map((p) => ({ ...p, score: score(rec.kind, p.a, p.b) }));
      rec.score = Math.min(...rec.pairs.map((p) => p.score));
    }
    this.sortAll();
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** A copy of the pending list, in list order. */
  pendingRecs(): Rec[] {
    return [...this.pending];
  }

  getPending(id: string): Rec | undefined {
    return this.pendingById.get(id);
  }

  status(id: string): { status: RecStatus; reason?: string } {
    if (this.pendingById.has(id)) return { status: 'pending' };
    const d = this.decided.get(id);
    if (d) return { status: d };
    const reason = this.moot.get(id);
    return reason !== undefined ? { status: 'moot', reason } : { status: 'unknown' };
  }

  page(page: number, pageSize: number): { recs: Rec[]; total: number; hasNextPage: boolean } {
    const from = page * pageSize;
    return { recs: this.pending.slice(from, from + pageSize), total: this.pending.length, hasNextPage: from + pageSize < this.pending.length };
  }

  private remove(rec: Rec): void {
    if (!this.pendingById.delete(rec.id)) return;
    // Binary search by the list order, then step to the exact object (ids are unique).
    let lo = 0;
    let hi = this.pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.pending[mid], rec) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (this.pending[lo] !== rec) throw new Error(`recommendation index out of order at ${rec.id}`);
    this.pending.splice(lo, 1);
    for (const r of rec.records) this.byRecord.get(r)?.delete(rec);
  }

  /** Records a decision; the recommendation leaves the list if it is (still) there. */
  decide(id: string, decision: 'approved' | 'rejected'): void {
    const rec = this.pendingById.get(id);
    if (rec) this.remove(rec);
    this.moot.delete(id);
    this.decided.set(id, decision);
  }

  /** Remembers every pair among the keys as rejected: such a pair is never proposed again. */
  rejectPairs(keys: readonly string[]): void {
    for (let i = 0; i < keys.length; i++) for (let j = i + 1; j < keys.length; j++) this.rejectedPairs.add(pairKey(keys[i], keys[j]));
  }

  /** True when every link of the group was rejected before. */
  allPairsRejected(pairs: readonly ScoredPair[]): boolean {
    return pairs.length > 0 && pairs.every((p) => this.rejectedPairs.has(pairKey(p.a, p.b)));
  }

  /** Pending recommendations that involve any of these records. */
  touching(records: Iterable<number>): Rec[] {
    const out = new Set<Rec>();
    for (const r of records) for (const rec of this.byRecord.get(r) ?? []) out.add(rec);
    return [...out];
  }

  /** Takes a recommendation off the list because another decision settled it. */
  makeMoot(rec: Rec, reason: string): void {
    this.remove(rec);
    if (!this.decided.has(rec.id)) this.moot.set(rec.id, reason);
  }
}

// The review queue's bookkeeping: which recommendations were visited in which order, which were
// decided, skipped or decided elsewhere, where the cursor is, and the counts of the header. Free of
// `vscode` (unit-tested under mocha): the recommendations come from a QueueSource, which in the
// extension is the Recommendations tree itself, so the queue follows the tree's current order and
// filter and loads further pages through the tree's own paging (no second fetch logic).
//
// Skips are local: the service never hears of them; a skipped recommendation stays pending.
import type { Recommendation, Verdict } from '../../api/model';
import type { QueueItemState, QueueStatus } from '../../webview/comparison/protocol';

export interface QueueSource {
  /** The pending recommendations the tree shows now, in its order (after its filter and sort). */
  shown(): readonly Recommendation[];
  /** How many recommendations are loaded (filtered or not): tells whether loadMore brought any. */
  loadedCount(): number;
  /** The service has further pages. */
  readonly hasMore: boolean;
  /** Loads the next page; failures are reported by the tree and leave loadedCount unchanged. */
  loadMore(): Promise<void>;
  /** The service's count of pending recommendations, when known and the tree is not filtered. */
  unfilteredTotal(): number | undefined;
}

export interface QueueEntry {
  rec: Recommendation;
  state: QueueItemState;
  /** The outcome line of a decided entry, shown again when the queue goes back to it. */
  outcome?: string;
}

export class ReviewQueue {
  /** Visited entries in the order they were first shown. */
  private readonly entries: QueueEntry[] = [];
  private readonly byId = new Map<string, QueueEntry>();
  /** The entry on screen; entries.length means the end of the queue. */
  private index = -1;
  /** Ids skipped in this queue, the latest last (U takes them back in this order). */
  private readonly skips: string[] = [];
  /** Set when the end was reached because a page could not be loaded. */
  loadFailed = false;

  constructor(private readonly source: QueueSource) {}

  current(): QueueEntry | undefined {
    return this.entries[this.index];
  }

  get atEnd(): boolean {
    return this.index >= this.entries.length;
  }

  entry(id: string): QueueEntry | undefined {
    return this.byId.get(id);
  }

  /**
   * The entry after the current one: the next visited one after going back, else the first pending
   * recommendation of the tree not visited yet, loading pages as needed. undefined: the end.
   */
  /**
   * One step on: the next visited entry, else the first unvisited one in the source's order. `drawn`:
   * the recommendation the page drew ahead (what peek() gave it); if it is still there to visit, the
   * step goes to it, even if the source's order has changed since, so the curator's next key acts
   * on what they see.
   */
  async forward(drawn?: string): Promise<QueueEntry | undefined> {
    this.loadFailed = false;
    if (this.index + 1 < this.entries.length) return this.entries[++this.index];
    const ahead = drawn === undefined || this.byId.has(drawn) ? undefined : this.source.shown().find((r) => r['@id'] === drawn);
    if (ahead) return this.visit(ahead);
    for (;;) {
      const next = this.source.shown().find((r) => !this.byId.has(r['@id']));
      if (next) return this.visit(next);
      if (!this.source.hasMore) break;
      const before = this.source.loadedCount();
      await this.source.loadMore();
      // A page that failed (the tree says why) or brought nothing would loop forever: stop here.
      if (this.source.loadedCount() === before) {
        this.loadFailed = this.source.hasMore;
        break;
      }
    }
    this.index = this.entries.length;
    return undefined;
  }

  /** Starts at `id` if it is among the tree's pending recommendations, else at the first one. */
  async start(id?: string): Promise<QueueEntry | undefined> {
    const wanted = id === undefined ? undefined : this.source.shown().find((r) => r['@id'] === id);
    return wanted ? this.visit(wanted) : this.forward();
  }

  private visit(rec: Recommendation): QueueEntry {
    const entry: QueueEntry = { rec, state: 'pending' };
    this.entries.push(entry);
    this.byId.set(rec['@id'], entry);
    this.index = this.entries.length - 1;
    return entry;
  }

  /** S or →: a pending entry becomes skipped; then forward. */
  async skip(drawn?: string): Promise<QueueEntry | undefined> {
    const entry = this.current();
    if (entry?.state === 'pending') {
      entry.state = 'skipped';
      this.skips.push(entry.rec['@id']);
    }
    return this.forward(drawn);
  }

  /** ←: the previous visited entry (from the end: the last one); undefined at the first. */
  back(): QueueEntry | undefined {
    if (this.index <= 0) return undefined;
    this.index = Math.min(this.index, this.entries.length) - 1;
    return this.entries[this.index];
  }

  get canBack(): boolean {
    return this.index > 0;
  }

  /** The visited entry of `id`, made the current one (U on a decision taken back). */
  goTo(id: string): QueueEntry | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    this.index = this.entries.indexOf(entry);
    return entry;
  }

  /** U: the latest skip still in force is taken back, and its entry shown (pending again). */
  undoSkip(): QueueEntry | undefined {
    const id = this.lastSkip();
    if (id === undefined) return undefined;
    this.skips.splice(this.skips.lastIndexOf(id), 1);
    const entry = this.byId.get(id) as QueueEntry;
    entry.state = 'pending';
    this.index = this.entries.indexOf(entry);
    return entry;
  }

  private lastSkip(): string | undefined {
    // Skipped entries decided later (after going back) or decided elsewhere are no longer skips.
    while (this.skips.length && this.byId.get(this.skips[this.skips.length - 1])?.state !== 'skipped') this.skips.pop();
    return this.skips[this.skips.length - 1];
  }

  get canUndo(): boolean {
    return this.lastSkip() !== undefined;
  }

  /**
   * The recommendation the next step forward would show without loading a page (undefined: none
   * known yet): the page draws it at once on A, R or S, before the extension has answered.
   */
  peek(): Recommendation | undefined {
    if (this.atEnd) return undefined;
    const visited = this.entries[this.index + 1];
    if (visited) return visited.rec;
    return this.source.shown().find((r) => !this.byId.has(r['@id']));
  }

  /**
   * A decision shown as made before the service answered did not go through: pending again (it
   * failed; ← goes back to it) or gone (the service no longer had it pending).
   */
  undecided(id: string, state: 'pending' | 'gone'): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    entry.state = state;
    entry.outcome = undefined;
  }

  decided(id: string, verdict: Verdict, outcome: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    entry.state = verdict === 'approve' ? 'approved' : 'rejected';
    entry.outcome = outcome;
  }

  /** Decided elsewhere (tree, bulk, another panel): false if the id was not visited or already decided here. */
  gone(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry || entry.state === 'approved' || entry.state === 'rejected') return false;
    entry.state = 'gone';
    return true;
  }

  /** The decision made elsewhere failed: the entry is pending again. */
  restored(id: string): boolean {
    const entry = this.byId.get(id);
    if (entry?.state !== 'gone') return false;
    entry.state = 'pending';
    return true;
  }

  status(): QueueStatus {
    let approved = 0;
    let rejected = 0;
    let skipped = 0;
    for (const e of this.entries) {
      if (e.state === 'approved') approved++;
      else if (e.state === 'rejected') rejected++;
      else if (e.state === 'skipped') skipped++;
    }
    const isOpen = (r: Recommendation) => {
      const state = this.byId.get(r['@id'])?.state;
      return state === undefined || state === 'pending';
    };
    const shown = this.source.shown();
    const loaded = shown.filter(isOpen).length;
    const skippedShown = shown.length - loaded;
    const total = this.source.unfilteredTotal();
    // Unfiltered, the service's total counts the pages not loaded yet too; skips are still pending there.
    const remaining = total === undefined ? loaded : Math.max(loaded, total - skippedShown);
    const current = this.current();
    const status: QueueStatus = {
      done: approved + rejected,
      approved,
      rejected,
      skipped,
      remaining,
      more: total === undefined && this.source.hasMore,
      position: current ? this.index + 1 : 0,
      canBack: this.canBack,
      canUndo: this.canUndo,
    };
    if (current) status.item = current.state;
    else if (this.atEnd && this.loadFailed) status.retry = true;
    return status;
  }
}

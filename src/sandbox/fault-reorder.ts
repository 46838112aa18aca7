// The `reorder` fault: pages of a listing answered out of order, as a service behind a load
// balancer with several workers answers pages asked at once. The interface says nothing of the
// order in which concurrent requests are answered, so a client that reads ahead must not depend on
// it; this makes the worst case deterministic instead of a matter of random latency.
//
// List requests of one endpoint are gathered in a group until `size` have arrived, or `waitMs`
// after the first (so a client asking one page at a time is answered, only later). A group is then
// let through in reverse arrival order, one request at a time: each is routed and answered (its
// page rendered from the store as it is at that moment) only once the one before it has been
// answered, and `gapMs` later. A decision that arrives meanwhile lands between two pages of the
// group: the later page rendered before it, the earlier one after.
import type { ReorderSpec } from './faults';

/** Called once the request's answer is sent (or its connection is gone): lets the next one of the group through. */
export type ReorderDone = () => void;

interface Held {
  /** Lets the request through; `done` ends its turn. */
  pass: (done: ReorderDone) => void;
}

const NOTHING_AFTER: ReorderDone = () => {};

export class ReorderGate {
  /** Per endpoint, the group still gathering requests. */
  private readonly gathering = new Map<string, { held: Held[]; timer: NodeJS.Timeout }>();
  /** Every held request and pending gap, so close() can let them all through at once. */
  private readonly waiting = new Set<() => void>();
  private cut = false;

  constructor(private readonly spec: ReorderSpec) {}

  /** Resolves when this request's turn comes, with the callback that ends its turn. */
  enter(endpoint: string): Promise<ReorderDone> {
    if (this.cut) return Promise.resolve(NOTHING_AFTER);
    return new Promise<ReorderDone>((resolve) => {
      let group = this.gathering.get(endpoint);
      if (!group) {
        const timer = setTimeout(() => this.release(endpoint), this.spec.waitMs);
        group = { held: [], timer };
        this.gathering.set(endpoint, group);
      }
      const cutShort = () => resolve(NOTHING_AFTER);
      this.waiting.add(cutShort);
      group.held.push({
        pass: (done) => {
          this.waiting.delete(cutShort);
          resolve(done);
        },
      });
      if (group.held.length >= this.spec.size) this.release(endpoint);
    });
  }

  /** Lets everything held through at once (the server is closing: each is answered 503). */
  cutAll(): void {
    this.cut = true;
    for (const group of this.gathering.values()) clearTimeout(group.timer);
    this.gathering.clear();
    for (const pass of [...this.waiting]) pass();
    this.waiting.clear();
  }

  /** Ends the group's gathering and lets its requests through, last arrived first, one after another. */
  private release(endpoint: string): void {
    const group = this.gathering.get(endpoint);
    if (!group) return;
    clearTimeout(group.timer);
    this.gathering.delete(endpoint);
    const order = [...group.held].reverse();
    const next = (i: number) => {
      if (this.cut || i >= order.length) return;
      let ended = false;
      order[i]!.pass(() => {
        if (ended) return;
        ended = true;
        this.after(this.spec.gapMs, () => next(i + 1));
      });
    };
    next(0);
  }

  private after(ms: number, then: () => void): void {
    if (ms <= 0) {
      then();
      return;
    }
    const timer = setTimeout(() => {
      this.waiting.delete(cutShort);
      then();
    }, ms);
    const cutShort = () => {
      clearTimeout(timer);
      then();
    };
    this.waiting.add(cutShort);
  }
}

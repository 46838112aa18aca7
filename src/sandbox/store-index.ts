// A list kept sorted by (time, number): what makes `updated_since` paging O(log n + page) instead
// of a sort per request. The time of an item must not change while it is in the index: remove it,
// change it, insert it again.

export class SortedIndex<T> {
  private items: T[] = [];

  constructor(
    private readonly time: (item: T) => number,
    private readonly number: (item: T) => number,
  ) {}

  get length(): number {
    return this.items.length;
  }

  at(i: number): T {
    return this.items[i];
  }

  /** Replaces the contents (sorted once): for the initial build. */
  reset(items: T[]): void {
    this.items = [...items].sort((a, b) => this.time(a) - this.time(b) || this.number(a) - this.number(b));
  }

  /** First position whose item is at or after (time, number). */
  private lowerBoundKey(time: number, number: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const item = this.items[mid];
      const t = this.time(item);
      if (t < time || (t === time && this.number(item) < number)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose time is at or after `time` (the inclusive `updated_since` boundary). */
  lowerBound(time: number): number {
    return this.lowerBoundKey(time, -Infinity);
  }

  insert(item: T): void {
    this.items.splice(this.lowerBoundKey(this.time(item), this.number(item)), 0, item);
  }

  remove(item: T): void {
    const i = this.lowerBoundKey(this.time(item), this.number(item));
    if (this.items[i] !== item) throw new Error('SortedIndex.remove: item not found (was its time changed while indexed?)');
    this.items.splice(i, 1);
  }

  slice(from: number, to: number): T[] {
    return this.items.slice(from, to);
  }
}

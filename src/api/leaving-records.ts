// Records leaving the service's list through a change made here that the service has not confirmed
// yet: a decision waiting out its undo period, or on its way. A page read meanwhile may list such a
// record or not, and its total may count it or not (the service answered before or after applying
// the change; only the service knows which). So a list keeps a leaving record out of what a page adds
// and out of the total, and notes when a page was read across a change (one under way, begun or
// ended while the page travelled): its total is then asked again once no change is under way.

/** Where a leaving record was (or would have been) in the list, to put it back if its change fails. */
export interface LeavingPlace<T> {
  /** The record, once the list has held it: taken out when the change began, or kept out of a page since. */
  record: T | undefined;
  index: number;
}

export class LeavingRecords<T> {
  private readonly byKey = new Map<string, LeavingPlace<T>>();
  /** Counts the starts and ends of changes: a read that began at another count was read across one. */
  private serial = 0;

  get size(): number {
    return this.byKey.size;
  }

  /** Stamps a page request: compared with `crossed` when its answer comes. */
  get stamp(): number {
    return this.serial;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  begin(key: string, place: LeavingPlace<T>): void {
    this.byKey.set(key, place);
    this.serial++;
  }

  /** The change of `key` is over (applied or not): its place, for putting the record back. */
  end(key: string): LeavingPlace<T> | undefined {
    const place = this.byKey.get(key);
    this.byKey.delete(key);
    this.serial++;
    return place;
  }

  /** A page's answer, asked at `stamp`, may count records on either side of a change. */
  crossed(stamp: number): boolean {
    return stamp !== this.serial || this.byKey.size > 0;
  }

  /** A page brought a leaving record: kept out, remembered at the place it would have taken. */
  holdOut(key: string, record: T, index: number): void {
    const place = this.byKey.get(key);
    if (place) Object.assign(place, { record, index });
  }

  /** The list was emptied for a reload: records held belong to the list that is gone. */
  forgetRecords(): void {
    for (const place of this.byKey.values()) place.record = undefined;
  }
}

// What keeps a listing of every page honest when the service's paging misbehaves: a record already
// listed on an earlier page is skipped (pages shift while a list changes, or the service repeats
// them), and a listing that cannot end is stopped with an InvalidResponseError instead of running
// for ever: when it goes well past the total the service reports, or when pages keep claiming a
// next page without bringing a single record not listed before.
//
// Shared by the client's page iterators (paging.ts: the CLI's --all, exports, triage) and the
// extension's PagedSource (its Load more and Load all): one rule for both.
import { answerError } from './error-text';

/** Pages in a row that may bring nothing new before the listing is called endless. */
export const STALLED_PAGES = 3;

/** Records listed beyond which a list reporting `total` is called endless: twice it, and a little. */
export function recordBound(total: number): number {
  return 2 * total + 10;
}

export interface RepeatInfo {
  /** The page whose repeats were skipped (or kept). */
  page: number;
  /** Records of that page already listed on an earlier one. */
  repeated: number;
}

export interface ListingGuardOptions<T> {
  keyOf(record: T): string;
  /** 'skip' (default): a repeated record is dropped from its page; 'keep': only counted. */
  repeats?: 'skip' | 'keep';
  /** Told of each page that held repeats. */
  onRepeats?: (info: RepeatInfo) => void;
}

export class ListingGuard<T> {
  private readonly seen = new Set<string>();
  private stalled = 0;
  private maxTotal: number | undefined;
  private repeatedValue = 0;

  constructor(private readonly opts: ListingGuardOptions<T>) {}

  /** Records skipped (or, with repeats: 'keep', seen again) so far. */
  get repeated(): number {
    return this.repeatedValue;
  }

  /**
   * The records of page `page` not listed before; throws when the listing is endless (the page
   * said has_next_page but the listing is well past the total, or stalled).
   */
  admit(page: number, data: readonly T[], hasNextPage: boolean, total: number | undefined): T[] {
    if (total !== undefined) this.maxTotal = Math.max(this.maxTotal ?? 0, total);
    const fresh: T[] = [];
    for (const r of data) {
      const key = this.opts.keyOf(r);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      fresh.push(r);
    }
    const repeated = data.length - fresh.length;
    if (repeated > 0) {
      this.repeatedValue += repeated;
      try {
        this.opts.onRepeats?.({ page, repeated });
      } catch {
        // A progress hook must not end the listing.
      }
    }
    if (hasNextPage) this.checkEndless(page, fresh.length);
    return this.opts.repeats === 'keep' ? [...data] : fresh;
  }

  private checkEndless(page: number, fresh: number): void {
    this.stalled = fresh === 0 ? this.stalled + 1 : 0;
    if (this.stalled >= STALLED_PAGES) {
      throw answerError(
        'endless-listing',
        { member: 'has_next_page' },
        `pages ${page - STALLED_PAGES + 1}–${page} brought no record not already listed, yet said has_next_page: true; stopping to avoid an endless listing`,
      );
    }
    if (this.maxTotal !== undefined && this.seen.size > recordBound(this.maxTotal)) {
      throw answerError(
        'endless-listing',
        { member: 'has_next_page' },
        `page ${page} still said has_next_page: true after ${this.seen.size} different records, well past the total of ${this.maxTotal} record${this.maxTotal === 1 ? '' : 's'} the service reports; stopping to avoid an endless listing`,
      );
    }
  }
}

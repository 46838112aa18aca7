// A review queue on one triage group ("Review samples" in the Triage panel): the group's
// pending members, not marked unsure, most informative first — the order triage itself asks a
// group's items in (a fixed pseudo-random sample of the group, so a few decisions describe all of
// it), also for a group triage already calls safe. The source drops members decided elsewhere
// meanwhile and those marked unsure; it has no further pages.
import type { Recommendation } from '../../api/model';
import type { TriageGroup, TriageResult } from '../../triage/triage';
import type { QueueSource } from './queue-state';

export interface ReviewGroup {
  /** The group's key (pattern and flags), as the Triage panel and Decide a Group know it. */
  key: string;
  /** The pattern (and flags) in words, for the queue's header. */
  words: string;
  /** Its pending members, most informative first. */
  members: Recommendation[];
  /** The base URL of the service the members came from. */
  baseUrl: string | undefined;
}

/**
 * The group's decidable members in triage's own asking order. `informativeOrder` is the triage
 * core's (loaded on first use: TriageState passes it).
 */
export function groupReviewOrder(result: TriageResult, group: TriageGroup, pending: readonly Recommendation[], informativeOrder: (r: TriageResult) => string[]): Recommendation[] {
  // informativeOrder asks only groups that are not safe yet; for this one group, ask it as if not,
  // and without the audit's draws (a group review is the curator's own choice, not a random draw).
  const order = informativeOrder({ ...result, groups: [{ ...group, safe: null }], audit: { ...result.audit, keys: [], items: [] } });
  const byId = new Map(pending.map((r) => [r['@id'], r]));
  return order.map((id) => byId.get(id)).filter((r): r is Recommendation => r !== undefined);
}

export class GroupSource implements QueueSource {
  private readonly gone = new Set<string>();

  constructor(
    readonly group: ReviewGroup,
    private readonly isUnsure: (id: string) => boolean,
  ) {}

  shown(): readonly Recommendation[] {
    return this.group.members.filter((r) => !this.gone.has(r['@id']) && !this.isUnsure(r['@id']));
  }

  loadedCount(): number {
    return this.group.members.length;
  }

  readonly hasMore = false;

  loadMore(): Promise<void> {
    return Promise.resolve();
  }

  unfilteredTotal(): undefined {
    return undefined;
  }

  /** A member left (decided elsewhere) or came back (that decision failed). */
  pendingChanged(id: string, pending: boolean): void {
    if (pending) this.gone.delete(id);
    else this.gone.add(id);
  }
}

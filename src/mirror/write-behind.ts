// A full listing's pages go to the disk behind the listing: each page's bytes are written as it
// arrives, and the pages written meanwhile are flushed and journalled as a group, one flush of the
// base file and one journal append for all of them, while the next group is written. One flush per
// page (two with the journal's) put ~3–15 ms of disk waits per page on the listing's path on this
// machine: 3.3–4.7 s of a 150,000-record sync (docs/benchmarks.md, Mirror).
//
// The guarantees are a page's own: its journal line is written only after its bytes are flushed,
// lines in page order; a kill loses at most the pages not yet journalled, which the next sync asks
// for again (it resumes after the last journalled page).
import type { ListingBase, PageBytes } from './listing-base';
import type { JournalPage } from './mirror-files';

/** Pages written but not yet journalled before add() waits for the disk: bounds the memory held. */
const MAX_UNJOURNALLED = 16;

export class WriteBehind {
  /** The writes of the pages, in order; each then queues its journal line. */
  private writes: Promise<void> = Promise.resolve();
  /** Written pages whose lines wait for the next group. */
  private written: JournalPage[] = [];
  private unjournalled = 0;
  private flushing: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly base: ListingBase,
    private readonly journal: (pages: JournalPage[]) => Promise<void>,
  ) {}

  /** Queues a laid-out page and its journal line; waits only when many pages are not journalled yet. A write that failed fails here. */
  async add(bytes: PageBytes, line: JournalPage): Promise<void> {
    this.check();
    this.unjournalled++;
    this.writes = this.writes.then(async () => {
      if (this.failure) return;
      try {
        await this.base.write(bytes);
        this.written.push(line);
        this.startGroup();
      } catch (e) {
        this.failure ??= { error: e };
        this.wake();
      }
    });
    while (this.unjournalled > MAX_UNJOURNALLED && !this.failure) await new Promise<void>((r) => this.idle.push(r));
    this.check();
  }

  /** Waits until every page added is journalled (or a write failed: then throws). */
  async drain(): Promise<void> {
    while (this.unjournalled > 0 && !this.failure) await new Promise<void>((r) => this.idle.push(r));
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure.error;
  }

  private startGroup(): void {
    if (this.flushing || this.written.length === 0 || this.failure) return;
    const group = this.written;
    this.written = [];
    this.flushing = (async () => {
      try {
        await this.base.flush();
        await this.journal(group);
        this.unjournalled -= group.length;
      } catch (e) {
        this.failure ??= { error: e };
      }
      this.flushing = undefined;
      this.wake();
      this.startGroup();
    })();
  }

  private wake(): void {
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

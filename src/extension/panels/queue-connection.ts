// The service a review queue walks, and whether it answers. Its items, counts and undo are that
// service's: on another active connection the queue stops (and goes on when its own is back); while
// the service does not answer, it pauses until the curator chooses to go on.
import type { DecisionContext } from '../curation/decide-one';
import { stoppedText } from './queue-header';

export class QueueConnection {
  /** The base URL of the service the queue's items came from. */
  startedFor: string | undefined;
  /** That connection's name, for saying so. */
  private startedName: string | undefined;
  /** The curator chose to go on while the service did not answer: decisions are sent (and listed when they fail). */
  goingOn = false;

  constructor(private readonly ctx: DecisionContext) {
    this.startHere();
  }

  /** The queue starts (again) on the connection active now (a restored one is made before the session knows it). */
  startHere(): void {
    this.startedFor = this.ctx.session.baseUrl;
    this.startedName = this.ctx.session.active?.name;
  }

  /** The active connection is not the one this queue was started on (its items are another service's). */
  get other(): boolean {
    const now = this.ctx.session.baseUrl;
    return now !== undefined && this.startedFor !== undefined && now !== this.startedFor;
  }

  get health() {
    return this.ctx.curation.health;
  }

  /** Paused: the service did not answer, and the curator has not chosen to go on. */
  get paused(): boolean {
    return this.health.unreachable !== undefined && !this.goingOn;
  }

  /** The failed decisions of the service this queue is on. */
  failedHere() {
    return this.ctx.curation.failed.of(this.startedFor);
  }

  /** What the stopped queue says: the connection it was started on. */
  stoppedText(): string {
    return stoppedText(this.startedName ?? this.startedFor ?? '');
  }
}

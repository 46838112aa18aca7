// The decisions made in one review queue that still wait out their undo period: U takes the one on
// screen (else the latest) back, the header offers U while one waits, the countdown speaks for the
// latest, and they are held back at once when the service stops answering.
import type { UndoWindow } from '../../curation/grace';

export class WaitingDecisions {
  private readonly ids = new Set<string>();

  constructor(private readonly undo: UndoWindow) {}

  add(id: string): void {
    this.ids.add(id);
  }

  delete(id: string): void {
    this.ids.delete(id);
  }

  /** The latest decision of this queue still in its undo period, if any. */
  latest(): string | undefined {
    return this.undo.latest([...this.ids]);
  }

  /** The one U takes back: `onScreen` if it waits, else the latest. */
  toUndo(onScreen: string): string | undefined {
    return this.undo.isWaiting(onScreen) ? onScreen : this.latest();
  }

  /** Seconds' worth left before `id` is sent (the countdown's line). */
  remaining(id: string): number {
    return this.undo.remaining(id);
  }

  /** Takes `id` back before it is sent; false if it was sent already. */
  cancel(id: string): boolean {
    return this.undo.cancel(id);
  }

  /** Every waiting id, for holding them back while the service does not answer. */
  all(): string[] {
    return [...this.ids];
  }
}

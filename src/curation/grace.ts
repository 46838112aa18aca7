// Decisions waiting out their undo period: a decision waits a short while in which Undo cancels it
// before anything is sent, as mail clients do. One hold per recommendation id; the latest first for
// Undo. Free of `vscode` (unit-tested in plain Node); the clock is injectable.
import { type TimerClock, systemClock } from '../api/clock';

interface Hold {
  until: number;
  settle: (send: boolean) => void;
}

export class UndoWindow {
  private readonly holds = new Map<string, Hold>();

  constructor(private readonly clock: TimerClock = systemClock) {}

  /** Resolves true when `ms` have passed (send), false when undone first. A second hold for the same id replaces the first (undone). */
  wait(id: string, ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(true);
    this.cancel(id);
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => settle(true), ms);
      const settle = (send: boolean) => {
        if (this.holds.get(id) !== hold) return;
        this.clock.clearTimeout(timer);
        this.holds.delete(id);
        resolve(send);
      };
      const hold: Hold = { until: this.clock.now() + ms, settle };
      this.holds.set(id, hold);
    });
  }

  /** Undo: true if the decision on `id` was still waiting (it will not be sent). */
  cancel(id: string): boolean {
    const hold = this.holds.get(id);
    if (!hold) return false;
    hold.settle(false);
    return true;
  }

  isWaiting(id: string): boolean {
    return this.holds.has(id);
  }

  /** Milliseconds left before `id` is sent (0 when not waiting). */
  remaining(id: string): number {
    const hold = this.holds.get(id);
    return hold ? Math.max(0, hold.until - this.clock.now()) : 0;
  }

  /** The most recent decision still waiting, among `ids` if given. */
  latest(ids?: readonly string[]): string | undefined {
    const waiting = [...this.holds.keys()].filter((id) => !ids || ids.includes(id));
    return waiting[waiting.length - 1];
  }
}

// A clock a test moves by hand: time stands still until `advance`, which runs the timers that come
// due, in order. For code that takes a TimerClock (the undo period).
import type { TimerClock } from '../../src/api/clock';

export class ManualClock implements TimerClock {
  private time = Date.UTC(2026, 0, 1);
  private timers: { at: number; fn: () => void }[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { at: this.time + ms, fn };
    this.timers.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t !== handle);
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (let next = this.due(until); next; next = this.due(until)) {
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = until;
  }

  private due(until: number): { at: number; fn: () => void } | undefined {
    return this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
  }
}

/** Resolves once `check` holds, looking every few milliseconds (fails after `timeoutMs`). */
export async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

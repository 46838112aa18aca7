// Time as the code that measures a window reads it (a burst of notifications, an undo period), so
// a test can move time on instead of waiting it out.

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

/** A clock that also runs timers: what an undo period needs. */
export interface TimerClock extends Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * The system's time plus whatever `advance` added: the extension's clock for burst windows. It
 * runs as the system clock unless something moves it; the integration tests move it to close a
 * window at once.
 */
export class AdvancingClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

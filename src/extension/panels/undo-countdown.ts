// The review queue's line about a decision waiting out its undo period ("Approving … in 5 s: U
// undoes it.") said "in 5 s" until the outcome came, and its Undo stayed off: the queue drew its
// status before the decision's hold existed, and nothing told the page again. A countdown follows
// the hold instead: it tells as soon as the hold exists (Undo on), then each time the whole seconds
// left change, and stops when the hold ends (sent or undone). Free of `vscode`: unit-tested in Node.

export interface Countdown {
  dispose(): void;
}

/** How often the hold is looked at: a quarter second keeps the seconds shown within that of the truth. */
const TICK_MS = 250;

/**
 * Calls `tell(secondsLeft)` while `remaining()` (milliseconds before the decision is sent, 0 when it
 * is not waiting) is above 0: once when the hold appears, then at each change of whole seconds.
 */
export function undoCountdown(remaining: () => number, tell: (secondsLeft: number) => void, tickMs = TICK_MS): Countdown {
  let told: number | undefined;
  let seen = false;
  const check = () => {
    const ms = remaining();
    if (ms <= 0) {
      // Before the hold exists there is nothing to count yet; after it, the wait is over.
      if (seen) stop();
      return;
    }
    seen = true;
    const seconds = Math.ceil(ms / 1000);
    if (seconds !== told) {
      told = seconds;
      tell(seconds);
    }
  };
  const timer = setInterval(check, tickMs);
  const stop = () => clearInterval(timer);
  queueMicrotask(check);
  return { dispose: stop };
}

// The one abortable wait: a backoff before a retry, a pause before a page is asked again.

/**
 * Resolves after `ms`, or rejects with `cancelled()` as soon as `signal` aborts (at once when it
 * already has). The timer never outlives an abort, and the listener never outlives the timer.
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined, cancelled: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

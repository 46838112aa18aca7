// A pause that ends early, rejecting with a CancelledError, when its signal aborts: the one delay
// behind a listing's resumptions and whatever else must wait without outliving a Cancel.
import { CancelledError } from './errors';

export function abortableDelay(ms: number, signal: AbortSignal | undefined, what = 'the wait'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError(`${what} was cancelled`));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError(`${what} was cancelled`));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

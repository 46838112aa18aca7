// The AbortSignal of a cancellable progress notification. The bulk run, the export, Find Pending and
// the triage read pass each took the notification's Cancel and the caller's own signal (a test, or
// a command run by another) into one AbortController, four times, two of them missing a signal that
// had already aborted. Only the token's shape is used, so this needs no vscode at run time.
import type * as vscode from 'vscode';

/**
 * A signal that aborts when the user cancels `token` or `outer` aborts (at once if either already
 * has), or when the work calls abort() itself (the bulk run stops at a refused token). Dispose
 * when the work ends: it drops both listeners.
 */
export function cancellationSignal(token: vscode.CancellationToken, outer?: AbortSignal): { signal: AbortSignal; abort(): void } & vscode.Disposable {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const subscription = token.onCancellationRequested(abort);
  outer?.addEventListener('abort', abort, { once: true });
  if (token.isCancellationRequested || outer?.aborted) abort();
  return {
    signal: controller.signal,
    abort,
    dispose: () => {
      subscription.dispose();
      outer?.removeEventListener('abort', abort);
    },
  };
}

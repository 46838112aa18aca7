// cancellationSignal (src/extension/ui/cancellation.ts): the one AbortSignal of the bulk run, the
// export, Find Pending and the triage pass. A plain token of the CancellationToken shape stands in
// for VS Code's (the function reads nothing else of it); the integration suites cancel the real one.
import assert from 'node:assert/strict';
import { cancellationSignal } from '../../src/extension/ui/cancellation';

/** A CancellationToken of the shape VS Code's has: a flag and one event. */
function tokenSource() {
  const listeners = new Set<() => void>();
  const token = {
    isCancellationRequested: false,
    onCancellationRequested: (listener: () => void) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
  };
  return {
    token,
    listeners,
    cancel() {
      token.isCancellationRequested = true;
      for (const l of listeners) l();
    },
  };
}

describe('cancellationSignal', () => {
  it('aborts on Cancel', () => {
    const source = tokenSource();
    const cancel = cancellationSignal(source.token as never);
    assert.equal(cancel.signal.aborted, false);
    source.cancel();
    assert.equal(cancel.signal.aborted, true);
  });

  it("aborts when the caller's signal aborts, also when it already had", () => {
    const outer = new AbortController();
    const cancel = cancellationSignal(tokenSource().token as never, outer.signal);
    outer.abort();
    assert.equal(cancel.signal.aborted, true);
    assert.equal(cancellationSignal(tokenSource().token as never, AbortSignal.abort()).signal.aborted, true);
  });

  it('aborts on its own abort(), and dispose drops both listeners', () => {
    const source = tokenSource();
    const outer = new AbortController();
    const cancel = cancellationSignal(source.token as never, outer.signal);
    cancel.dispose();
    assert.equal(source.listeners.size, 0);
    outer.abort();
    source.cancel();
    assert.equal(cancel.signal.aborted, false, 'nothing reaches a disposed signal');
    cancel.abort();
    assert.equal(cancel.signal.aborted, true);
  });
});

// A typed event for the editor-independent core, shaped like VS Code's `Event<T>` (a function that
// takes a listener and returns something to dispose), so the extension subscribes to the core's
// models exactly as it does to its own emitters.

export interface Subscription {
  dispose(): void;
}

export type CoreEvent<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Subscription[]) => Subscription;

export class Listeners<T> {
  private readonly listeners = new Set<(e: T) => unknown>();

  readonly event: CoreEvent<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  /** Tells every listener; one that throws does not keep the others from hearing it. */
  fire(e: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

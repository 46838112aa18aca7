// Whether the active connection's service answers. A decision that could not reach it (connection
// refused, reset, a timeout) marks it unreachable: the status bar and the review queue say so, and
// the queue pauses rather than moving on while its decisions fail one by one, each five seconds
// later (its undo period). While unreachable, a cheap request (the first page, one item) asks again
// every few seconds; its first answer ends the state. A switch to another connection ends it too.
import * as vscode from 'vscode';
import type { Session } from './session';

/** How often an unreachable service is asked again. */
const PROBE_MS = 3000;
/** Each probe's own limit per attempt (the client's default is the setting's 30 s). */
const PROBE_TIMEOUT_MS = 5000;

export interface Unreachable {
  baseUrl: string;
  /** "Cannot reach the service at 127.0.0.1:8080 (connection refused)." */
  message: string;
}

export class ServiceHealth implements vscode.Disposable {
  private down: Unreachable | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private probing: Promise<boolean> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The service became unreachable, or answers again. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly session: Session,
    private readonly log: vscode.LogOutputChannel,
    private readonly probeMs = PROBE_MS,
  ) {
    // Another connection (or the same one made again, e.g. a new token): nothing is known of it yet.
    this.subscription = session.onDidChange(() => {
      if (this.down) this.clear();
    });
  }

  /** The active service when a request could not reach it and it has not answered since. */
  get unreachable(): Unreachable | undefined {
    return this.down && this.down.baseUrl === this.session.baseUrl ? this.down : undefined;
  }

  /** A request to the active service failed without an answer: say so until it answers again. */
  markUnreachable(message: string): void {
    const baseUrl = this.session.baseUrl;
    if (baseUrl === undefined) return;
    if (this.down?.baseUrl === baseUrl) {
      this.down = { baseUrl, message };
      return;
    }
    this.down = { baseUrl, message };
    this.log.warn(`service at ${baseUrl} unreachable: ${message}`);
    this.changed.fire();
    this.schedule();
  }

  /** A request to the active service got an answer. */
  markReachable(): void {
    if (this.down) this.clear(true);
  }

  /** Asks the service now (Try Again in the queue); true when it answered. */
  checkNow(): Promise<boolean> {
    if (!this.down) return Promise.resolve(true);
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.checkNow().then((ok) => {
        if (!ok && this.down) this.schedule();
      });
    }, this.probeMs);
  }

  private async probe(): Promise<boolean> {
    const s = this.session.state;
    const down = this.down;
    if (!down || s.kind !== 'ready' || s.baseUrl !== down.baseUrl) return true;
    // Through the session: it was reached with this client before, so no question is asked (plain http to a remote host).
    const client = await this.session.client();
    if (!client) return false;
    try {
      await client.listRecommendations({ page: 0, pageSize: 1 }, { timeoutMs: PROBE_TIMEOUT_MS });
    } catch {
      return false;
    }
    if (this.down === down) this.clear(true);
    return true;
  }

  private clear(answered = false): void {
    clearTimeout(this.timer);
    if (answered && this.down) this.log.info(`service at ${this.down.baseUrl} answers again`);
    this.down = undefined;
    this.changed.fire();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.subscription.dispose();
    this.changed.dispose();
  }
}

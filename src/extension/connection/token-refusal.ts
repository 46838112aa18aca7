// Whether the active connection's service refused its token (401, or 402 for a malformed
// Authorization header) on the last request that got an answer. The views and a notification say
// so when it happens; this keeps saying it in the status bar until a request is answered again or
// another client (a new token, another connection) is made. Fed by the client's request hook, so
// every request counts, whoever made it; a late answer to a client no longer in use counts for nothing,
// and a refusal of a client replaced since (a new token, another connection) is no longer current:
// the session's own change event has the status bar read it again.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { RequestInfo } from '../../api/transport';

export interface Refusal {
  /** 401 (the token) or 402 (the Authorization header). */
  status: number;
}

export class TokenRefusal implements vscode.Disposable {
  private refusal: { client: DedupClient; status: number } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly activeClient: () => DedupClient | undefined) {}

  /** The active client's token was refused and nothing has been answered since. */
  get current(): Refusal | undefined {
    const r = this.refusal;
    return r && r.client === this.activeClient() ? { status: r.status } : undefined;
  }

  /** One attempt of `client` ended. */
  note(client: DedupClient, info: RequestInfo): void {
    if (info.status === undefined || client !== this.activeClient()) return;
    const refused = info.status === 401 || info.status === 402;
    const before = this.current;
    if (refused) this.refusal = { client, status: info.status };
    else if (info.status >= 200 && info.status < 300) this.refusal = undefined;
    else return;
    if (before?.status !== this.current?.status) this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

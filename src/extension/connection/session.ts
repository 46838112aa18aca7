// The active connection: which service, with which token, and the client for it. Views and
// commands ask the session for a client and listen to onDidChange; none of them reads settings or
// secrets themselves.
import * as vscode from 'vscode';
import { DedupClient } from '../../api/client';
import { checkBaseUrl } from '../../api/base-url';
import { isDedupError } from '../../api/errors';
import { TokenStore } from './token-store';

export type SessionState =
  | { kind: 'no-connection' }
  | { kind: 'no-token'; baseUrl: string }
  | { kind: 'invalid-url'; message: string }
  | { kind: 'ready'; baseUrl: string; client: DedupClient; label: string };

/** A connection that lives only as long as this window, e.g. the in-process local sandbox. */
export interface EphemeralConnection {
  baseUrl: string;
  token: string;
  label: string;
}

export class Session implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SessionState>();
  readonly onDidChange = this.changed.event;
  private current: SessionState = { kind: 'no-connection' };
  private ephemeral: EphemeralConnection | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Base URLs for which the user accepted sending the token over plain http, this window only. */
  private readonly insecureAccepted = new Set<string>();

  constructor(
    readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      this.changed,
      tokens.onDidChange(() => void this.reload()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dedupCurator')) void this.reload();
      }),
    );
  }

  get state(): SessionState {
    return this.current;
  }

  /** The base URL in use (setting or ephemeral), if any. */
  get baseUrl(): string | undefined {
    return this.current.kind === 'ready' || this.current.kind === 'no-token' ? this.current.baseUrl : undefined;
  }

  useEphemeral(conn: EphemeralConnection | undefined): Promise<SessionState> {
    this.ephemeral = conn;
    return this.reload();
  }

  async reload(): Promise<SessionState> {
    this.current = await this.compute();
    this.log.info(`connection: ${describe(this.current)}`);
    await vscode.commands.executeCommand('setContext', 'dedupCurator.connection', this.current.kind);
    this.changed.fire(this.current);
    return this.current;
  }

  private async compute(): Promise<SessionState> {
    const config = vscode.workspace.getConfiguration('dedupCurator');
    const timeoutMs = Math.round(config.get<number>('requestTimeoutSeconds', 30) * 1000);
    const onRetry = (r: { error: Error; delayMs: number; attempt: number }) =>
      this.log.warn(`${r.error.message}; retry ${r.attempt} in ${r.delayMs} ms`);
    if (this.ephemeral) {
      const { baseUrl, token, label } = this.ephemeral;
      return { kind: 'ready', baseUrl, label, client: new DedupClient({ baseUrl, token, timeoutMs, onRetry }) };
    }
    const raw = config.get<string>('baseUrl', '').trim();
    if (!raw) return { kind: 'no-connection' };
    let baseUrl: string;
    try {
      baseUrl = checkBaseUrl(raw).url;
    } catch (e) {
      return { kind: 'invalid-url', message: isDedupError(e) ? e.message : String(e) };
    }
    const token = await this.tokens.get(baseUrl);
    if (!token) return { kind: 'no-token', baseUrl };
    return { kind: 'ready', baseUrl, label: new URL(baseUrl).host, client: new DedupClient({ baseUrl, token, timeoutMs, onRetry }) };
  }

  /**
   * The client, after the user agreed to send the token over plain http to a remote host if that is
   * the case; undefined when there is none or the user declined.
   */
  async client(): Promise<DedupClient | undefined> {
    const s = this.current;
    if (s.kind !== 'ready') return undefined;
    if (s.client.insecureRemote && !this.insecureAccepted.has(s.baseUrl)) {
      const send = 'Send Anyway';
      const answer = await vscode.window.showWarningMessage(
        `${s.baseUrl} uses plain http to another machine: the access token would travel unencrypted.`,
        { modal: true, detail: 'Use https:// if the service supports it.' },
        send,
      );
      if (answer !== send) return undefined;
      this.insecureAccepted.add(s.baseUrl);
    }
    return s.client;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function describe(s: SessionState): string {
  switch (s.kind) {
    case 'ready':
      return `${s.baseUrl} (token set)`;
    case 'no-token':
      return `${s.baseUrl} (no token)`;
    case 'invalid-url':
      return `invalid base URL: ${s.message}`;
    default:
      return 'none';
  }
}

// The active connection: which service, with which token, and the client for it. Views and
// commands ask the session for a client and listen to onDidChange; none of them reads settings or
// secrets themselves. Every request the client makes is written to the log (method, path, status,
// time, attempt), never the token.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { DedupClient } from '../../api/client';
import { checkBaseUrl } from '../../api/base-url';
import { isDedupError } from '../../api/errors';
import { formatMs, type RequestInfo } from '../../api/transport';
import { ACTIVE_KEY, type Connection, configuredConnections } from './connections';
import { TokenStore } from './token-store';
import { TokenRefusal } from './token-refusal';
import { showWarning } from '../ui/notify';
import { type ConnectionState, ContextKeys } from '../ids';
import { setContext } from '../context-keys';
import { Settings, affects } from '../settings';
import { SettingKeys } from '../setting-keys';

/** workspaceState key: the window's own connection (the local sandbox), kept across a window reload. */
const WINDOW_KEY = 'dedupCurator.windowConnection';

export type SessionState =
  | { kind: 'no-connection' }
  | { kind: 'no-token'; baseUrl: string; connection: Connection }
  | { kind: 'invalid-url'; message: string; connection: Connection }
  | { kind: 'ready'; baseUrl: string; client: DedupClient; label: string; connection: Connection };

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
  /** This window's choice when it differs from the remembered one (the ephemeral sandbox). */
  private windowChoice: string | undefined;
  /**
   * The configured connection this window chose, held here rather than read back from globalState:
   * globalState is shared between windows, and the echo of an earlier write of any of its keys (the
   * last look at a view, say) replaces the whole state in this window, so a name written a moment
   * before could read as the previous one and a switch would land on the old connection.
   */
  private configuredChoice: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Base URLs for which the user accepted sending the token over plain http, this window only. */
  private readonly insecureAccepted = new Set<string>();
  private readonly insecureQuestions = new Map<string, Promise<boolean>>();
  private reloading: Promise<unknown> = Promise.resolve();
  /** The window's start-up (extension.ts): until it settles, "no connection" only means "not computed yet". */
  private firstState: Promise<unknown> = Promise.resolve();
  /** What the current state and its client were made of (madeOfState): a reload that finds the same keeps them. */
  private madeOf: MadeOf = { all: '', client: '' };
  /** Whether the service refused the active client's token (the status bar says so until it answers). */
  readonly refusal = new TokenRefusal(() => (this.current.kind === 'ready' ? this.current.client : undefined));

  constructor(
    readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly memento: vscode.Memento,
    /** This window's (workspace's) state: keeps the window's own choice across a reload. */
    private readonly windowMemento?: vscode.Memento,
  ) {
    this.disposables.push(
      this.changed,
      this.refusal,
      // Events reload only when the state changes (see reloadNow); a command's reload always tells the views.
      tokens.onDidChange(() => void this.reload({ onlyIfChanged: true })),
      // Only the settings that make another client; the views react to their own settings.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affects(e, SettingKeys.connections, SettingKeys.baseUrl, SettingKeys.requestTimeoutSeconds)) void this.reload({ onlyIfChanged: true });
      }),
    );
  }

  get state(): SessionState {
    return this.current;
  }

  /** Hands over the window's start-up: the token imported from the environment, the local sandbox restored, the first reload. */
  startingWith(start: Promise<unknown>): void {
    this.firstState = start.catch(() => undefined);
  }

  /**
   * The state once the start-up and any reload under way have settled: what a command must read when
   * it may be the one that activated the extension (run from the palette in a new window), which
   * `state` would answer with "no connection" before the token is read.
   */
  async settled(): Promise<SessionState> {
    await this.firstState;
    await this.reloading;
    return this.current;
  }

  /** The base URL in use, if any. */
  get baseUrl(): string | undefined {
    return this.current.kind === 'ready' || this.current.kind === 'no-token' ? this.current.baseUrl : undefined;
  }

  /** The active connection (also when its URL is invalid or it has no token). */
  get active(): Connection | undefined {
    return this.current.kind === 'no-connection' ? undefined : this.current.connection;
  }

  /** Every connection this window can switch to: the configured ones, then the ephemeral sandbox. */
  connections(): Connection[] {
    const list = configuredConnections();
    if (this.ephemeral) list.push({ name: this.ephemeral.label, baseUrl: this.ephemeral.baseUrl, ephemeral: true });
    return list;
  }

  /** Makes the named connection active; a configured one is remembered for the next start on this machine. */
  async useConnection(name: string): Promise<SessionState> {
    const conn = this.connections().find((c) => c.name === name);
    if (!conn) throw new Error(vscode.l10n.t('There is no connection named "{0}".', name));
    if (conn.ephemeral) {
      this.windowChoice = name;
    } else {
      this.windowChoice = undefined;
      this.configuredChoice = name;
      await this.memento.update(ACTIVE_KEY, name);
    }
    await this.windowMemento?.update(WINDOW_KEY, this.windowChoice);
    return this.reload();
  }

  /** Adds (or, with undefined, removes) this window's ephemeral connection and makes it active. */
  async useEphemeral(conn: EphemeralConnection | undefined): Promise<SessionState> {
    this.ephemeral = conn;
    this.windowChoice = conn?.label;
    await this.windowMemento?.update(WINDOW_KEY, this.windowChoice);
    return this.reload();
  }

  /**
   * The connection this window used before a reload when it was its own (the local sandbox), so
   * activation can bring it back instead of silently falling back to another connection.
   */
  get rememberedWindowConnection(): string | undefined {
    return this.windowMemento?.get<string>(WINDOW_KEY);
  }

  /** The window's own connection could not be brought back: forget it (the caller says so). */
  async forgetWindowConnection(): Promise<void> {
    this.windowChoice = undefined;
    await this.windowMemento?.update(WINDOW_KEY, undefined);
  }

  /**
   * Computes the state again and tells the views. Serialized: a settings change and a command often
   * reload together, and an earlier computation finishing last must not win. `onlyIfChanged`: keep
   * the state (and tell no one) when it would be made of the same connection, URL, token and
   * timeout, and keep the client when only the connection's marks changed (production), so the
   * views, which load again for a new client only, keep their pages; without it the views load
   * again even so (Set Token with the same token after a 401 is the user asking to try again).
   */
  reload(options: { onlyIfChanged?: boolean } = {}): Promise<SessionState> {
    const run = this.reloading.then(() => this.reloadNow(options.onlyIfChanged ?? false));
    this.reloading = run.catch(() => undefined);
    return run;
  }

  private async reloadNow(onlyIfChanged: boolean): Promise<SessionState> {
    const { state, madeOf } = await this.compute();
    // A token stored for another connection, another connection added or marked in the settings,
    // the change a command already reloaded for: the state is what it was. Firing anyway gave every
    // view a new client and started every list over at its first page (the loaded pages, the
    // scroll, a "load all" in progress: gone), sometimes seconds later, when SecretStorage's or the
    // settings' change event arrived after the command's own reload.
    if (onlyIfChanged && madeOf.all === this.madeOf.all) return this.current;
    const keepClient = onlyIfChanged && madeOf.client === this.madeOf.client;
    this.madeOf = madeOf;
    const next = keepClient && this.current.kind === 'ready' && state.kind === 'ready' ? { ...state, client: this.current.client } : state;
    this.log.info(`connection: ${describe(next)}`);
    // `satisfies`: a new state kind must be listed in CONNECTION_STATES, which the manifest test reads.
    await setContext(ContextKeys.connection, next.kind satisfies ConnectionState);
    // The state changes and the views hear of it in one step: set before the context key's round
    // trip, a caller could see "ready", load a list, and have it started over by the event arriving
    // after (CI: a total read as undefined right after a load had settled).
    this.current = next;
    this.changed.fire(next);
    return next;
  }

  private chosen(): Connection | undefined {
    const all = this.connections();
    const wanted = this.windowChoice ?? this.configuredChoice ?? this.memento.get<string>(ACTIVE_KEY);
    return all.find((c) => c.name === wanted) ?? all.find((c) => !c.ephemeral) ?? all[0];
  }

  private async compute(): Promise<{ state: SessionState; madeOf: MadeOf }> {
    const timeoutMs = Settings.requestTimeoutMs();
    const { state, token } = await this.computeState(timeoutMs);
    return { state, madeOf: madeOfState(state, timeoutMs, token) };
  }

  /** The state, and the token its client was made with. */
  private async computeState(timeoutMs: number): Promise<{ state: SessionState; token?: string }> {
    const connection = this.chosen();
    if (!connection) return { state: { kind: 'no-connection' } };
    if (connection.ephemeral && this.ephemeral) {
      const { baseUrl, token, label } = this.ephemeral;
      return { state: { kind: 'ready', baseUrl, label, connection, client: this.newClient(baseUrl, token, timeoutMs) }, token };
    }
    let baseUrl: string;
    try {
      baseUrl = checkBaseUrl(connection.baseUrl).url;
    } catch (e) {
      return { state: { kind: 'invalid-url', connection, message: isDedupError(e) ? e.message : String(e) } };
    }
    const token = await this.tokens.get(baseUrl);
    if (!token) return { state: { kind: 'no-token', baseUrl, connection } };
    return { state: { kind: 'ready', baseUrl, label: connection.name, connection, client: this.newClient(baseUrl, token, timeoutMs) }, token };
  }

  /** A client whose every attempt is logged and tells whether its token was refused. */
  private newClient(baseUrl: string, token: string, timeoutMs: number): DedupClient {
    const client: DedupClient = new DedupClient({
      baseUrl,
      token,
      timeoutMs,
      onRetry: (r) => this.log.warn(`${r.error.message}; retry ${r.attempt} in ${r.delayMs} ms`),
      onRequest: (i: RequestInfo) => {
        this.logRequest(i);
        this.refusal.note(client, i);
      },
    });
    return client;
  }

  /** One line per attempt: `POST /api/custom/locations 200 35 ms` (the hook never sees the token). */
  private logRequest(i: RequestInfo): void {
    const retry = i.attempt > 1 ? ` (retry ${i.attempt - 1})` : '';
    const line = `${i.endpoint} ${i.status ?? '—'} ${formatMs(i.ms)}${retry}`;
    // A request its caller gave up is no warning: a refresh or Load all at its limit does that.
    if (i.cancelled) this.log.info(`${line}: cancelled`);
    else if (i.error) this.log.warn(`${line}: ${i.error}`);
    else this.log.info(line);
  }

  /**
   * The client, after the user agreed to send the token over plain http to a remote host if that is
   * the case; undefined when there is none or the user declined.
   */
  async client(): Promise<DedupClient | undefined> {
    const s = this.current;
    if (s.kind !== 'ready') return undefined;
    if (s.client.insecureRemote && !this.insecureAccepted.has(s.baseUrl)) {
      // The three views load at once: they share one question instead of stacking three dialogs.
      let asking = this.insecureQuestions.get(s.baseUrl);
      if (!asking) {
        asking = this.askInsecure(s.baseUrl).finally(() => this.insecureQuestions.delete(s.baseUrl));
        this.insecureQuestions.set(s.baseUrl, asking);
      }
      if (!(await asking)) return undefined;
    }
    return s.client;
  }

  private async askInsecure(baseUrl: string): Promise<boolean> {
    const send = vscode.l10n.t('Send Anyway');
    const answer = await showWarning(
      vscode.l10n.t('{0} uses plain http to another machine: the access token would travel unencrypted.', baseUrl),
      { modal: true, detail: vscode.l10n.t('Use https:// if the service supports it.') },
      send,
    );
    if (answer !== send) return false;
    this.insecureAccepted.add(baseUrl);
    return true;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** What a state is made of (madeOfState). */
interface MadeOf {
  all: string;
  client: string;
}

/**
 * What a state is made of, as strings: two reloads that give the same `all` would make the same
 * state, the same `client` the same client (its URL, token and timeout). The token enters as a
 * SHA-256 digest, so that these strings never hold the secret.
 */
function madeOfState(s: SessionState, timeoutMs: number, token: string | undefined): MadeOf {
  const digest = token === undefined ? '' : createHash('sha256').update(token).digest('hex');
  const { client: _client, ...rest } = s as SessionState & { client?: unknown };
  const baseUrl = s.kind === 'ready' || s.kind === 'no-token' ? s.baseUrl : undefined;
  return { all: JSON.stringify({ ...rest, timeoutMs, digest }), client: JSON.stringify({ kind: s.kind, baseUrl, timeoutMs, digest }) };
}

function describe(s: SessionState): string {
  switch (s.kind) {
    case 'ready':
      return `${s.connection.name}: ${s.baseUrl} (token set)`;
    case 'no-token':
      return `${s.connection.name}: ${s.baseUrl} (no token)`;
    case 'invalid-url':
      return `${s.connection.name}: invalid base URL: ${s.message}`;
    default:
      return 'none';
  }
}

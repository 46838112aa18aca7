// What every Dedup Curator webview panel shares (after microsoft/vscode-cosmosdb's BaseTab and
// vscode-pull-request-github's webview base): locked-down webview options, the HTML shell with a
// fresh nonce and the page's strings in the user's language, the ready handshake, validation of
// everything the page posts against the page's schemas, links opened only for http(s), and one list
// of disposables released with the panel.
import type * as v from 'valibot';
import * as vscode from 'vscode';
import { CommonPageMessage } from '../../webview/shared/from-page';
import { parseMessage } from '../../webview/shared/messages';
import { newNonce, panelHtml } from './html';
import { pageCatalogue } from './page-strings';
import { openWebLink } from './web-link';
import { showWarning } from '../ui/notify';

/**
 * The page of a panel (a folder of src/webview): which bundle and styles it loads and the schema of
 * its own messages (src/webview/<page>/protocol.ts). Its strings (src/webview/<page>/strings.ts)
 * are the bundle's catalogue file beside it (page-strings.ts).
 */
export interface PanelPage<Own> {
  /** File in dist/. */
  script: string;
  /** Files in media/, in order. */
  styles: string[];
  /** The page's own messages; `ready` and `openLink` are every page's, checked and handled here. */
  messages: v.GenericSchema<unknown, Own>;
  /** Whether img-src allows https: (read at each load, so a changed setting takes effect on reload). */
  remoteImages?: () => boolean;
}

/**
 * The page's catalogue in the user's language. vscode.l10n.t looks each English message up in the
 * extension's bundle (l10n/bundle.l10n.<language>.json); {0}… stay for the page to fill in.
 */
export function localizedStrings(catalogue: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, english]) => [key, vscode.l10n.t(english)]));
}

/**
 * Scripts on (the page is our bundle), command: links off (record data must never run a command),
 * files only from the extension's dist (the bundle) and media (the styles). The page is rebuilt
 * from its state when hidden and shown again instead of kept alive in memory.
 */
export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/**
 * The question before a record's link into this machine or the local network is opened: VS Code
 * opens localhost without its own prompt. Modal, naming the exact address; only Open opens it.
 */
async function confirmPrivateLink(url: string): Promise<boolean> {
  const openIt = vscode.l10n.t('Open');
  const answer = await showWarning(
    vscode.l10n.t('Open a link to a local or private address?'),
    { modal: true, detail: vscode.l10n.t('{0}\n\nThe record links to this machine or your local network. A page there can act on services that trust that network (a router, a printer, a local server). Open it only if you trust the record.', url) },
    openIt,
  );
  return answer === openIt;
}

export abstract class BasePanel<To, Own> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private wasDisposed = false;
  /** Once disposed (the user closed the tab, or the extension did) nothing is posted. */
  get isDisposed(): boolean {
    return this.wasDisposed;
  }
  /**
   * Whether the page listens. Until it says `ready` (after each load: a hidden panel reloads) posts
   * are dropped, not queued (unless `early`): onReady sends the whole current state, which supersedes them.
   */
  private ready = false;
  /**
   * Set while the HTML this panel just set is loading, for a page that opts in (postsEarly): posts
   * go out at once instead of waiting for `ready`. VS Code (1.139) queues them until the new page has
   * loaded: the webview element while its host frame starts, the overlay until the first load, and
   * the host frame (pre/index.html) until the page's `load` event, after its scripts ran. That saves
   * the ready round trip through the extension host. The host frame also gives up waiting for `load`
   * after 200 ms and delivers early, to a page that may not listen yet: so `ready` still sends the
   * whole state (onReady), marked `replay: true` when early posts went before it, and the page drops
   * a replayed message it has already received (src/webview/main.ts).
   */
  private early = false;
  /** Set while onReady answers `ready` after early posts: what it posts is marked as a replay. */
  private replaying = false;
  /** Messages posted early since the HTML was last set (the integration tests read it). */
  private earlyCount = 0;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    protected readonly log: vscode.LogOutputChannel,
    private readonly page: PanelPage<Own>,
  ) {
    // A restored panel keeps the options of its previous life; set them again so they are ours.
    panel.webview.options = panelOptions(extensionUri);
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'dedup-curator.svg');
    this.disposables.push(
      this.disposed,
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.handleMessage(raw)),
      panel.onDidChangeViewState(() => {
        // Hidden without retainContextWhenHidden, the page is discarded; its reload says ready again.
        if (!panel.visible) this.ready = this.early = false;
      }),
    );
    this.setHtml();
  }

  /**
   * Whether this panel's page takes messages before it says ready (see `early`); off by default,
   * since such a page must cope with getting its state twice.
   */
  protected get postsEarly(): boolean {
    return false;
  }

  /** Loads the page (a new nonce and CSP); until it says ready, posts wait (or go early, see `early`). */
  private setHtml(): void {
    this.ready = false;
    this.panel.webview.html = this.html();
    // Only for HTML set here: a hidden page reloaded by VS Code itself drops what was posted before.
    this.early = this.postsEarly;
    this.earlyCount = 0;
  }

  /** Whether the page has loaded and said ready (the integration tests wait on it). */
  get isReady(): boolean {
    return this.ready;
  }

  /** How many messages went to the page before it said ready, since its HTML was last set here. */
  get postedEarly(): number {
    return this.earlyCount;
  }

  private html(): string {
    const webview = this.panel.webview;
    const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', file)).toString();
    const [style, ...extraStyles] = this.page.styles.map(media);
    return panelHtml({
      cspSource: webview.cspSource,
      nonce: newNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', this.page.script)).toString(),
      styleUri: style,
      extraStyleUris: extraStyles,
      remoteImages: this.page.remoteImages?.() ?? false,
      strings: localizedStrings(pageCatalogue(vscode.Uri.joinPath(this.extensionUri, 'dist').fsPath, this.page.script, (m) => this.log.error(`page strings: ${m}`))),
      // Not the panel's title: that holds record names, and the HTML carries no data at all.
      title: 'Dedup Curator',
    });
  }

  /** Loads the page again (a new nonce and CSP); it says ready and onReady sends its state. */
  protected reload(): void {
    if (this.isDisposed) return;
    this.setHtml();
  }

  protected post(message: To): void {
    if (this.isDisposed || !(this.ready || this.early)) return;
    if (!this.ready) this.earlyCount++;
    void this.panel.webview.postMessage(this.replaying ? { ...message, replay: true } : message);
  }

  /**
   * Everything the page posts arrives here (tests call it too): validated first, because the page
   * shows third-party data; anything malformed is logged and dropped.
   */
  async handleMessage(raw: unknown): Promise<void> {
    const common = parseMessage(CommonPageMessage, raw);
    if (common?.type === 'ready') {
      this.ready = true;
      this.early = false;
      this.replaying = this.earlyCount > 0;
      try {
        this.onReady();
      } finally {
        this.replaying = false;
      }
      return;
    }
    if (common?.type === 'openLink') {
      this.onUsed();
      return this.openLink(common.url);
    }
    const message = parseMessage(this.page.messages, raw);
    if (message === undefined) {
      this.log.warn(`panel: ignored a malformed message from the webview (${typeof raw === 'object' && raw ? String((raw as { type?: unknown }).type) : typeof raw})`);
      return;
    }
    this.onUsed();
    return this.onMessage(message);
  }

  /**
   * The one place a panel's link is opened (the page stops VS Code's own handling of the click):
   * http(s) only, checked again here, as the exact string (see openWebLink).
   */
  private async openLink(url: string): Promise<void> {
    // openExternal is typed for a Uri only, but takes the string and keeps it as given.
    await openWebLink(url, (target) => vscode.env.openExternal(target as unknown as vscode.Uri), { confirmPrivate: confirmPrivateLink });
  }

  /**
   * The user acted on the page (a message other than `ready`: a button, a link): a preview panel
   * is kept from then on (preview-slot.ts), as editing a preview editor keeps it.
   */
  protected onUsed(): void {}

  /** The page is (again) ready: send it what it should show. */
  protected abstract onReady(): void;
  protected abstract onMessage(message: Own): Promise<void>;

  dispose(): void {
    if (this.wasDisposed) return;
    this.wasDisposed = true;
    this.disposed.fire();
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

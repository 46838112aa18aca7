// The status bar item: the active connection and the pending count (the recommendation list's
// total as last loaded); a click opens the Recommendations view.
import * as vscode from 'vscode';
import type { Session } from './connection/session';
import type { RecommendationsList } from './views/recommendations-list';
import { inertText } from './ui/inert-text';
import { Commands, STATUS_BAR_ID, Views, focusCommand } from './ids';

export class ConnectionStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly recommendations: RecommendationsList,
  ) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Dedup Curator Connection');
    this.item.command = { command: focusCommand(Views.recommendations), title: vscode.l10n.t('Show Recommendations') };
    this.disposables = [this.item, session.onDidChange(() => this.update()), recommendations.onDidChangeTreeData(() => this.update())];
  }

  /** Shown once the session knows its first state, so it never says "not connected" by mistake. */
  show(): void {
    this.update();
    this.item.show();
  }

  update(): void {
    const s = this.session.state;
    const total = this.recommendations.knownTotal;
    if (s.kind === 'no-connection') {
      this.item.text = `$(debug-disconnect) ${vscode.l10n.t('Dedup: not connected')}`;
      this.item.tooltip = tooltip(vscode.l10n.t('No connection: add one or try the local sandbox.'));
      return;
    }
    // The name and URL are the user's own settings, but `$(…)` in them must not become an icon.
    const name = inertText(s.connection.name);
    if (s.kind !== 'ready') {
      this.item.text = `$(warning) ${name}`;
      this.item.tooltip = tooltip(s.kind === 'no-token' ? vscode.l10n.t('{0}: no access token', name) : vscode.l10n.t('{0}: the base URL is not valid', name));
      return;
    }
    this.item.text = total === undefined ? `$(database) ${name}` : `$(database) ${name} · ${vscode.l10n.t('{0} pending', total.toLocaleString('en-US'))}`;
    this.item.tooltip = tooltip(vscode.l10n.t('Dedup Curator: {0} ({1}). Click to show the recommendations.', name, s.baseUrl));
  }

  /** The text shown, for tests. */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** The click opens the view; switching is one link away in the tooltip (trusted for that one command only). */
function tooltip(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [Commands.switchConnection] };
  md.appendText(text);
  md.appendMarkdown(`\n\n[$(plug) ${vscode.l10n.t('Switch Connection…')}](command:${Commands.switchConnection})`);
  return md;
}

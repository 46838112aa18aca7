// The status bar item: the active connection and the pending count (the pending backlog's total);
// a click opens the Recommendations view.
import * as vscode from 'vscode';
import type { Session } from './connection/session';
import type { PendingBacklog } from '../curation/pending-backlog';
import type { ServiceHealth } from './connection/service-health';
import { inertText } from './ui/inert-text';
import { Commands, STATUS_BAR_ID, Views, focusCommand } from './ids';
import { formatCount } from '../webview/shared/format';

export class ConnectionStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    /** The pending recommendations, counted as the service last said and decisions since changed. */
    private readonly backlog: PendingBacklog,
    /** Says when the service could not be reached (the review queue is then paused). */
    private readonly health?: ServiceHealth,
  ) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Dedup Curator Connection');
    this.disposables = [this.item, session.onDidChange(() => this.update()), backlog.onDidChange(() => this.update()), session.refusal.onDidChange(() => this.update())];
    if (health) this.disposables.push(health.onDidChange(() => this.update()));
  }

  /** Shown once the session knows its first state, so it never says "not connected" by mistake. */
  show(): void {
    this.update();
    this.item.show();
  }

  update(): void {
    const s = this.session.state;
    const total = this.backlog.total;
    this.item.backgroundColor = undefined;
    this.item.command = { command: focusCommand(Views.recommendations), title: vscode.l10n.t('Show Recommendations') };
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
    // A production service is coloured (the theme's error background) and says so in words too.
    const production = s.connection.production === true;
    const down = this.health?.unreachable;
    if (down) {
      // Offline is what matters now: said in the text, coloured, the reason in the tooltip.
      this.item.text = `$(debug-disconnect) ${vscode.l10n.t('{0}: unreachable', name)}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      this.item.tooltip = tooltip(vscode.l10n.t('{0} Decisions are not sent until it answers again (it is asked every few seconds); Retry Failed Decisions sends those that failed.', down.message));
      return;
    }
    const refused = this.session.refusal.current;
    if (refused) {
      // Every list and decision fails until the token is replaced: said where the eye goes, with the way out on a click.
      this.item.text = `$(key) ${vscode.l10n.t('{0}: token refused', name)}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      this.item.command = { command: Commands.setToken, title: vscode.l10n.t('Set Access Token') };
      this.item.tooltip = tooltip(
        refused.status === 402
          ? vscode.l10n.t('{0} found the Authorization header malformed (402). Click to set the access token again.', s.baseUrl)
          : vscode.l10n.t('{0} refused the access token (401). Click to set a new one.', s.baseUrl),
      );
      return;
    }
    const icon = production ? '$(shield)' : '$(database)';
    const shown = production ? vscode.l10n.t('{0} (production)', name) : name;
    this.item.text = total === undefined ? `${icon} ${shown}` : `${icon} ${shown} · ${vscode.l10n.t('{0} pending', formatCount(total))}`;
    this.item.backgroundColor = production ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.tooltip = tooltip(
      production
        ? vscode.l10n.t('Dedup Curator: {0} ({1}), a production service: bulk and group decisions ask for its name. Click to show the recommendations.', name, s.baseUrl)
        : vscode.l10n.t('Dedup Curator: {0} ({1}). Click to show the recommendations.', name, s.baseUrl),
    );
  }

  /** The text shown, for tests. */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * A plain-text tooltip, not a MarkdownString with a "Switch Connection…" command link: that link
 * works only when the string is trusted (`isTrusted`, of which `{ enabledCommands }` is the
 * narrowed form: VS Code runs no `command:` link of an untrusted MarkdownString). Trusted markdown
 * is ruled out anywhere near data, and the connection's name is free text from a settings
 * file that may be shared, so the tooltip is a string, which VS Code shows as text (no link, no
 * icon). Switching stays one step away: the command palette's "Dedup Curator: Switch Connection".
 */
function tooltip(text: string): string {
  return `${text}\n${vscode.l10n.t('Switch connections with "Dedup Curator: Switch Connection…" in the Command Palette or the Recommendations view’s title bar.')}`;
}

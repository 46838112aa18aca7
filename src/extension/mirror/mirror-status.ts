// A status bar item saying when the active connection's mirror last synced; a click syncs it.
import * as vscode from 'vscode';
import { Commands, MIRROR_STATUS_BAR_ID } from '../ids';
import type { MirrorService } from './mirror-service';

const t = vscode.l10n.t;

export class MirrorStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];
  /** The text of the age ("5 min ago") goes stale by itself: redrawn every minute. */
  private readonly ticker: NodeJS.Timeout;

  constructor(private readonly mirrors: MirrorService) {
    this.item = vscode.window.createStatusBarItem(MIRROR_STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 49);
    this.item.name = t('Dedup Curator Mirror');
    this.item.command = { command: Commands.syncMirror, title: t('Sync Mirror') };
    this.disposables = [this.item, mirrors.onDidChange(() => void this.update())];
    this.ticker = setInterval(() => void this.update(), 60_000);
  }

  async update(): Promise<void> {
    const mirror = await this.mirrors.current().catch(() => undefined);
    if (!mirror) {
      this.item.hide();
      return;
    }
    const at = mirror.syncedAt;
    if (!at) {
      this.item.text = `$(search) ${t('Mirror: not synced')}`;
      this.item.tooltip = t('Dedup Curator: no local mirror of this service yet. Click to sync it, then Find Location… and Find Event… search it.');
    } else {
      this.item.text = `$(search) ${t('Mirror: {0}', age(at))}`;
      this.item.tooltip = t('Dedup Curator mirror: {0} locations and {1} events, last synced {2}. Click to sync now.', mirror.count('locations').toLocaleString('en-US'), mirror.count('events').toLocaleString('en-US'), at.toLocaleString());
    }
    this.item.show();
  }

  /** The text shown, for tests. */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    clearInterval(this.ticker);
    for (const d of this.disposables) d.dispose();
  }
}

export function age(at: Date, now = Date.now()): string {
  const minutes = Math.floor((now - at.getTime()) / 60_000);
  if (minutes < 1) return t('just now');
  if (minutes < 60) return t('{0} min ago', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('{0} h ago', hours);
  return t('{0} days ago', Math.floor(hours / 24));
}

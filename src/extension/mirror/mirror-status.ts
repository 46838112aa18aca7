// A status bar item saying when the active connection's mirror last synced; a click syncs it.
import * as vscode from 'vscode';
import { Commands, MIRROR_STATUS_BAR_ID } from '../ids';
import type { MirrorService } from './mirror-service';
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;

export class MirrorStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];
  /**
   * The age ("5 min ago") goes stale by itself: redrawn when it next changes (a minute, an hour or
   * a day after the sync, counted from the sync, not from activation: a one-minute ticker started
   * at activation would lag the panels by up to a minute).
   */
  private redraw: NodeJS.Timeout | undefined;
  /** The clock the age is measured by (a field: tests move it). */
  now: () => number = Date.now;
  private disposed = false;

  constructor(private readonly mirrors: MirrorService) {
    this.item = vscode.window.createStatusBarItem(MIRROR_STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 49);
    this.item.name = t('Dedup Curator Mirror');
    this.item.command = { command: Commands.syncMirror, title: t('Sync Mirror') };
    this.disposables = [this.item, mirrors.onDidChange(() => void this.update())];
  }

  async update(): Promise<void> {
    const mirror = await this.mirrors.current().catch(() => undefined);
    if (this.redraw) clearTimeout(this.redraw);
    this.redraw = undefined;
    if (!mirror) {
      this.item.hide();
      return;
    }
    const at = mirror.syncedAt;
    if (!at) {
      this.item.text = `$(search) ${t('Mirror: not synced')}`;
      this.item.tooltip = t('Dedup Curator: no local mirror of this service yet. Click to sync it, then Find Location… and Find Event… search it.');
    } else {
      const now = this.now();
      this.item.text = `$(search) ${t('Mirror: {0}', age(at, now))}`;
      if (!this.disposed) this.redraw = setTimeout(() => void this.update(), msUntilAgeChanges(at, now));
      this.item.tooltip = t('Dedup Curator mirror: {0} locations and {1} events, last synced {2}. Click to sync now.', formatCount(mirror.count('locations')), formatCount(mirror.count('events')), at.toLocaleString());
    }
    this.item.show();
  }

  /** The text shown, for tests. */
  get text(): string {
    return this.item.text;
  }

  dispose(): void {
    this.disposed = true;
    if (this.redraw) clearTimeout(this.redraw);
    for (const d of this.disposables) d.dispose();
  }
}

/** How long until age(at) reads differently: the next whole minute, hour or day since `at` (a little after it). */
export function msUntilAgeChanges(at: Date, now = Date.now()): number {
  const elapsed = Math.max(0, now - at.getTime());
  const unit = elapsed < 60 * 60_000 ? 60_000 : elapsed < 48 * 3_600_000 ? 3_600_000 : 86_400_000;
  return unit - (elapsed % unit) + 50;
}

export function age(at: Date, now = Date.now()): string {
  const minutes = Math.floor((now - at.getTime()) / 60_000);
  if (minutes < 1) return t('just now');
  if (minutes < 60) return t('{0} min ago', formatCount(minutes));
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('{0} h ago', formatCount(hours));
  return t('{0} days ago', formatCount(Math.floor(hours / 24)));
}

// The mirror of the active connection (src/mirror) in the extension: one directory per service
// address under the extension's global storage, opened when first needed, synced on demand (with
// progress and cancel) and, when the user sets dedupCurator.mirror.syncIntervalMinutes, on a timer.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { Settings, affects } from '../settings';
import { SettingKeys } from '../setting-keys';
import { isDedupError } from '../../api/errors';
import type { Mirror, SyncReport } from '../../mirror/index';
import type { Event } from '../../api/model';
import type { Session } from '../connection/session';
import { showError, showInfo } from '../ui/notify';
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;

/**
 * The mirror's store and search index are loaded on first use (Find, Sync, a view search, a panel's
 * events): esbuild turns this import into a require of dist/mirror.js (esbuild.js, lazyCorePlugin),
 * so dist/extension.js, which VS Code loads on every activation, does not carry them.
 */
const loadMirrorCore = () => import('../../mirror/index');

/**
 * How recently the mirror must have synced to answer instead of the service (a location panel's
 * events): a quarter of an hour, the age at which a list fetched from the service and left open in a
 * panel is no fresher. The panel says how old its list is either way.
 */
export const MIRROR_FRESH_MS = 15 * 60_000;

/**
 * With a scheduled sync the user has said how old a mirror may be: it answers until the next sync
 * is due, plus this for the sync itself (a full one took 25 s at 142,000 records). Without it, a
 * mirror synced every hour answered a panel only in its first quarter hour.
 */
export const SCHEDULE_SLACK_MS = 5 * 60_000;

export class MirrorService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired when the mirror of the active connection changed: opened, synced, or another connection. */
  readonly onDidChange = this.changed.event;
  private opened: { baseUrl: string; mirror: Promise<Mirror> } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<SyncReport | undefined> | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly storage: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables = [
      this.changed,
      session.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affects(e, SettingKeys.mirrorSyncIntervalMinutes)) this.schedule();
      }),
    ];
    this.schedule();
  }

  /** The directory of a service's mirror: a hash of its address, so no name from a URL reaches the file system. */
  dirFor(baseUrl: string): string {
    const key = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
    return vscode.Uri.joinPath(this.storage, 'mirrors', key).fsPath;
  }

  /** The active connection's mirror (empty before its first sync), or undefined without a connection. */
  async current(): Promise<Mirror | undefined> {
    const s = await this.session.settled();
    const baseUrl = s.kind === 'ready' || s.kind === 'no-token' ? s.baseUrl : undefined;
    if (!baseUrl) return undefined;
    if (this.opened?.baseUrl !== baseUrl) {
      // The previous connection's database is closed (its WebAssembly memory is freed only then).
      const previous = this.opened?.mirror;
      void previous
        ?.then(async (m) => {
          await this.syncing?.catch(() => undefined);
          m.close();
        })
        .catch(() => undefined);
      const mirror = loadMirrorCore().then((core) => core.Mirror.open(this.dirFor(baseUrl)));
      this.opened = { baseUrl, mirror };
      mirror.then(
        (m) => {
          if (m.damage) this.log.warn(`mirror of ${baseUrl}: ${m.damage}`);
          this.changed.fire();
        },
        (e: unknown) => {
          this.log.error(`mirror of ${baseUrl}: ${e instanceof Error ? e.message : String(e)}`);
          // Not kept: the next use tries again (after the user deleted a broken directory, say).
          if (this.opened?.mirror === mirror) this.opened = undefined;
        },
      );
    }
    return this.opened.mirror;
  }

  /** How recent a sync must be for freshEventsAt to answer without a schedule (a field: tests make the mirror stale). */
  freshForMs = MIRROR_FRESH_MS;

  /** How recent a sync must be for the mirror to answer: the longer of freshForMs and the schedule's interval (plus slack). */
  freshnessMs(): number {
    const minutes = Settings.mirrorSyncIntervalMinutes();
    return Math.max(this.freshForMs, minutes > 0 ? Math.max(1, minutes) * 60_000 + SCHEDULE_SLACK_MS : 0);
  }

  /** Every event at a location from the active connection's mirror, if it synced recently enough (freshnessMs); else undefined. */
  async freshEventsAt(locationId: string): Promise<{ events: Event[]; syncedAt: Date } | undefined> {
    const mirror = await this.current().catch(() => undefined);
    const syncedAt = mirror?.syncedAt;
    if (!mirror || !syncedAt || mirror.damage || Date.now() - syncedAt.getTime() > this.freshnessMs()) return undefined;
    try {
      return { events: mirror.eventsAt<Event>(locationId), syncedAt };
    } catch (e) {
      // A damaged mirror is not served: the panel asks the service instead.
      this.log.warn(`mirror: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** Syncs the active connection's mirror with a cancellable progress notification; one at a time. */
  sync(opts: { quiet?: boolean } = {}): Promise<SyncReport | undefined> {
    this.syncing ??= this.runSync(opts.quiet === true).finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async runSync(quiet: boolean): Promise<SyncReport | undefined> {
    const s = await this.session.settled();
    if (s.kind !== 'ready') {
      if (!quiet) void showInfo(t('Dedup Curator: connect to a service first; the mirror is a copy of its locations and events.'));
      return undefined;
    }
    const mirror = await this.current().catch((e: unknown) => {
      void showError(t('Dedup Curator: the mirror cannot be opened: {0}', e instanceof Error ? e.message : String(e)));
      return undefined;
    });
    if (!mirror) return undefined;
    const { MirrorError } = await loadMirrorCore();
    const location = quiet ? vscode.ProgressLocation.Window : vscode.ProgressLocation.Notification;
    const abort = new AbortController();
    try {
      const report = await vscode.window.withProgress({ location, title: t('Dedup Curator: syncing the mirror'), cancellable: !quiet }, async (progress, token) => {
        const sub = token.onCancellationRequested(() => abort.abort());
        // Both kinds are listed at the same time: the message shows the latest of each, locations first.
        const latest = new Map<string, string>([['locations', ''], ['events', '']]);
        try {
          return await mirror.sync(s.client, {
            signal: abort.signal,
            onProgress: (p) => {
              latest.set(p.kind, t('{0}: {1} received, {2} in the mirror', p.kind === 'locations' ? t('locations') : t('events'), formatCount(p.received), formatCount(p.mirrored)));
              progress.report({ message: [...latest.values()].filter((m) => m !== '').join('; ') });
            },
          });
        } finally {
          sub.dispose();
        }
      });
      this.log.info(`mirror synced: ${report.kinds.map((k) => `${k.kind} ${k.received} received, ${k.upserted} replaced or added, ${k.removed} merged away, ${k.count} in all`).join('; ')}`);
      this.changed.fire();
      // A rebuilt mirror (damaged, or of the previous format) is said once, even by a scheduled sync.
      if (report.rebuilt) void showInfo(t('Dedup Curator: the mirror was rebuilt from the service: {0}.', report.rebuilt));
      // On demand, the user waits for it: say what changed (the progress notification just goes).
      if (!quiet) void showInfo(syncOutcome(report));
      return report;
    } catch (e) {
      // The sync's own CancelledError comes from dist/mirror.js's copy of api/errors, which
      // isDedupError (this bundle's class) does not recognise: the aborted signal says it.
      const cancelled = abort.signal.aborted || (isDedupError(e) && e.kind === 'cancelled');
      this.log.warn(`mirror sync ${cancelled ? 'cancelled' : 'failed'}: ${e instanceof Error ? e.message : String(e)}`);
      if (cancelled) {
        if (!quiet) void showInfo(t('Dedup Curator: sync cancelled; the mirror keeps its previous copy, and the next sync goes on from where this one stopped.'));
      } else if (!quiet || e instanceof MirrorError) {
        void showError(t('Dedup Curator: the mirror could not be synced: {0}', e instanceof Error ? e.message : String(e)));
      }
      this.changed.fire();
      return undefined;
    }
  }

  /** The scheduled sync: off unless the user sets an interval (it lists changes from the service). */
  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const minutes = Settings.mirrorSyncIntervalMinutes();
    if (!(minutes > 0)) return;
    this.timer = setInterval(() => void this.sync({ quiet: true }), Math.max(1, minutes) * 60_000);
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    void this.opened?.mirror.then((m) => m.close()).catch(() => undefined);
    for (const d of this.disposables) d.dispose();
  }
}

/** One line on what a sync changed: "Mirror synced: locations 3 added, 748 updated, 854 removed; events …". */
export function syncOutcome(report: SyncReport): string {
  const changed = report.kinds.filter((k) => k.upserted + k.removed > 0);
  const empty = report.kinds.every((k) => k.count === 0);
  // A first sync of an empty service changed nothing either, but there was no last sync to compare with.
  if (changed.length === 0) return empty ? t('Dedup Curator: mirror synced; the service lists no locations and no events.') : t('Dedup Curator: mirror synced; nothing changed since the last sync.');
  const n = (x: number) => formatCount(x);
  const parts = changed.map((k) =>
    t('{0}: {1} added, {2} updated, {3} removed', k.kind === 'locations' ? t('locations') : t('events'), n(k.added), n(k.upserted - k.added), n(k.removed)),
  );
  // Everything removed: the counts say what went, and the line says what is left.
  if (empty) return t('Dedup Curator: mirror synced; {0}; the service now lists no locations and no events.', parts.join('; '));
  return t('Dedup Curator: mirror synced; {0}.', parts.join('; '));
}

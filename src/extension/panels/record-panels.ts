// The open record panels, one per record (kind + id): opened, revealed when opened again, restored
// after a reload by a WebviewPanelSerializer per view type. Also what their actions do: Open as
// JSON (an untitled JSON document) and Copy Id (the clipboard and a status-bar message).
// A click in a tree opens a preview, as VS Code's editor preview does: the next click shows its
// record in that same panel (a new page only across kinds), unless it was kept ("Keep Panel Open",
// or any use of the panel: an action, a link to a related record). See preview-slot.ts.
import * as vscode from 'vscode';
import type { Event } from '../../api/model';
import type { Session } from '../connection/session';
import type { MirrorService } from '../mirror/mirror-service';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import type { RecordKind } from '../../webview/record/fields';
import { recordStateKey } from '../../webview/record/from-page';
import { inertText } from '../ui/inert-text';
import { showInfo } from '../ui/notify';
import { JSON_VALUE_LIMIT, recordJson } from './record-json';
import { panelOptions } from './base-panel';
import { type AnyRecord, RecordPanel, type RecordPanelHost, panelTitle } from './record-panel';
import type { DedupClient } from '../../api/client';
import type { ErrorReporter } from '../error-reporter';
import { PanelTypes } from '../ids';
import { PreviewSlot, previewEnabled } from './preview-slot';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';

export const viewTypeOf = (kind: RecordKind) => (kind === 'location' ? PanelTypes.location : PanelTypes.event);

const keyOf = (kind: RecordKind, id: string) => `${kind}\u0000${id}`;

export class RecordPanels implements RecordPanelHost, vscode.Disposable {
  private readonly panels = new Map<string, RecordPanel>();
  /** The one panel the next preview re-uses (or, for the other kind, replaces). */
  private readonly previews = new PreviewSlot<RecordPanel>((p) => p);
  private readonly mirrorWatch: vscode.Disposable | undefined;

  constructor(
    readonly session: Session,
    readonly locations: LocationsList,
    readonly events: EventsList,
    readonly log: vscode.LogOutputChannel,
    readonly errors: ErrorReporter,
    private readonly extensionUri: vscode.Uri,
    private readonly mirrors?: MirrorService,
  ) {
    // A location panel's events from the mirror follow the mirror: a sync, a switch of connection.
    this.mirrorWatch = mirrors?.onDidChange(() => {
      for (const p of new Set(this.panels.values())) void p.mirrorChanged();
    });
  }

  client(): Promise<DedupClient | undefined> {
    return this.session.client();
  }

  async mirrorEventsAt(locationId: string): Promise<{ events: Event[]; syncedAt: Date } | undefined> {
    return this.mirrors?.freshEventsAt(locationId);
  }

  get(kind: RecordKind, id: string): RecordPanel | undefined {
    return this.panels.get(keyOf(kind, id));
  }

  get size(): number {
    return this.panels.size;
  }

  /** The record panel in front, if the active editor is one. */
  active(): RecordPanel | undefined {
    return [...this.panels.values()].find((p) => p.panel.active);
  }

  /** The panel a tree click opened and nothing kept yet, if any. */
  get preview(): RecordPanel | undefined {
    return this.previews.panel;
  }

  /**
   * Shows a record: its panel if open (revealed; kept if it was the preview and this open is not
   * one); as a preview, in the preview panel if it is of the same kind (re-used: no new webview),
   * else in a new panel (a preview replaces the previous preview).
   */
  open(r: AnyRecord, opts: { preview?: boolean } = {}): RecordPanel {
    const preview = opts.preview === true && previewEnabled();
    const existing = this.get(r.kind, r.record.id);
    if (existing) {
      existing.panel.reveal();
      // A newer copy from a tree or an event replaces the one shown.
      existing.show(r);
      if (!preview) this.keep(existing);
      return existing;
    }
    const create = () => {
      const panel = vscode.window.createWebviewPanel(viewTypeOf(r.kind), panelTitle(r), vscode.ViewColumn.Active, panelOptions(this.extensionUri));
      const created = this.track(new RecordPanel(panel, this.extensionUri, this, r.kind, r.record.id));
      created.show(r);
      return created;
    };
    if (!preview) return create();
    return this.previews.open(create, (old) => {
      if (old.kind !== r.kind) return false;
      old.retarget(r);
      return true;
    });
  }

  /** Keeps a panel open: the next preview no longer re-uses it (no-op for a kept panel). */
  keep(panel: RecordPanel): void {
    this.previews.keep(panel);
  }

  rekey(panel: RecordPanel, id: string): void {
    const old = keyOf(panel.kind, panel.recordId);
    if (this.panels.get(old) === panel) this.panels.delete(old);
    this.panels.set(keyOf(panel.kind, id), panel);
  }

  /** The serializer of one view type: the page saved kind and id with setState. */
  serializer(kind: RecordKind): vscode.WebviewPanelSerializer {
    return { deserializeWebviewPanel: (panel, state) => this.restore(kind, panel, state) };
  }

  private async restore(kind: RecordKind, panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const key = recordStateKey(state);
    if (!key || key.kind !== kind || this.panels.has(keyOf(kind, key.id))) {
      panel.dispose();
      return;
    }
    const restored = this.track(new RecordPanel(panel, this.extensionUri, this, kind, key.id));
    // The page redraws its saved view at once; the live record replaces it once found.
    await Promise.all([this.locations.loading, this.events.loading]);
    const found = this.find(kind, key.id);
    if (found) restored.show(found);
    else if (kind === 'event') restored.setNotice(vscode.l10n.t('This event is not among those loaded in the Events view: the panel shows the copy saved before the reload. Refresh or widen the Events view to act on it.'));
    // A location is also found through its events (each embeds it), as the panel loads them.
  }

  /** A record by id among those the trees have loaded (events embed their locations). */
  find(kind: RecordKind, id: string): AnyRecord | undefined {
    if (kind === 'event') {
      const e = this.events.loaded().find((x) => x.id === id);
      return e ? { kind, record: e } : undefined;
    }
    const l = this.locations.loaded().find((x) => x.id === id) ?? this.events.loaded().find((e) => e.location?.id === id)?.location;
    return l ? { kind, record: l } : undefined;
  }

  eventsPageSize(): number {
    return Settings.pageSize('events');
  }

  /**
   * The raw record, as the service sent it (unknown members included), in an untitled JSON editor.
   * String values over JSON_VALUE_LIMIT characters are cut (see record-json.ts: a 1 MB value took
   * VS Code ~15 s to open); a notification says so and offers the whole record (`full`).
   */
  async openJson(r: AnyRecord, opts: { full?: boolean } = {}): Promise<vscode.TextEditor> {
    const t = vscode.l10n.t;
    const { text, cut } = opts.full
      ? { text: `${JSON.stringify(r.record, null, 2)}\n`, cut: 0 }
      : recordJson(r.record, {
          marker: (more) => t('… [{0} more characters: see the note on line 1]', formatCount(more)),
          note: (n, limit) => t('{0} long values are cut to their first {1} characters so the editor opens fast; "Open Full JSON" in the notification opens the whole record.', formatCount(n), formatCount(limit)),
        });
    const doc = await vscode.workspace.openTextDocument({ language: cut ? 'jsonc' : 'json', content: text });
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    if (cut) {
      const full = t('Open Full JSON');
      void showInfo(t('Open as JSON: {0} long values are cut to their first {1} characters.', formatCount(cut), formatCount(JSON_VALUE_LIMIT)), full).then((a) => {
        if (a === full) void this.openJson(r, { full: true });
      });
    }
    return editor;
  }

  async copyId(id: string, panel?: RecordPanel): Promise<void> {
    await vscode.env.clipboard.writeText(id);
    const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id;
    // The status bar renders `$(icon)` (and the id is the service's data); the panel shows text.
    vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('Copied the id {0}', inertText(shown))}`, 4000);
    panel?.setNotice(vscode.l10n.t('Copied the id {0}', shown));
  }

  private track(panel: RecordPanel): RecordPanel {
    this.panels.set(keyOf(panel.kind, panel.recordId), panel);
    panel.onDidDispose(() => {
      // Read at dispose time: a re-used preview is filed under the record it shows last.
      const key = keyOf(panel.kind, panel.recordId);
      if (this.panels.get(key) === panel) this.panels.delete(key);
    });
    return panel;
  }

  dispose(): void {
    this.mirrorWatch?.dispose();
    this.previews.dispose();
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}

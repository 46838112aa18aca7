// The panel of one location or one event: its fields, "Open as JSON", "Copy Id", and links opened
// through the extension. A location panel also lists the events at that location (the events
// endpoint's `location` filter, page by page); an event panel's location card opens the location's
// panel. One panel per record, kept by RecordPanels (record-panels.ts).
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Event, Location } from '../../api/model';
import { RecordPageMessage } from '../../webview/record/from-page';
import type { EventsAtLocation, RecordKind, ToRecordWebview } from '../../webview/record/protocol';
import { type PageOutcome, PagedSource } from '../../api/paged-source';
import type { ErrorReporter } from '../error-reporter';
import { integrationName } from '../views/labels';
import { BasePanel, type PanelPage } from './base-panel';
import { eventView } from './event-view';
import { eventItem, locationView } from './location-view';
import { shortName } from './panel-title';
import type { RecordViewOptions } from './record-panel-fields';
import { Settings, affects } from '../settings';
import { SettingKeys } from '../setting-keys';
import { age } from '../mirror/mirror-status';

export type AnyRecord = { kind: 'location'; record: Location } | { kind: 'event'; record: Event };

/** Every event at a location, whenever it was updated: the endpoint requires a lower bound. */
const ALL_TIME = new Date(0);

export function panelTitle(r: AnyRecord): string {
  const name = shortName(r.record.name || r.record.id);
  return r.kind === 'location' ? vscode.l10n.t('Location: {0}', name) : vscode.l10n.t('Event: {0}', name);
}

/** The page of the location and event panels (src/webview/record/). */
const RECORD_PAGE: PanelPage<RecordPageMessage> = {
  script: 'record-webview.js',
  styles: ['codicons/codicon.css', 'webview.css', 'record.css'],
  messages: RecordPageMessage,
  remoteImages: Settings.loadRemoteImages,
};

/**
 * What a record panel asks of the panels around it (RecordPanels implements it): an interface
 * here, so this file does not import the registry that imports it.
 */
export interface RecordPanelHost {
  readonly log: vscode.LogOutputChannel;
  readonly errors: ErrorReporter;
  /** The active connection's client; undefined when there is none. */
  client(): Promise<DedupClient | undefined>;
  eventsPageSize(): number;
  keep(panel: RecordPanel): void;
  /** Every event at a location from the local mirror when it is fresh, with when it synced; else undefined. */
  mirrorEventsAt(locationId: string): Promise<{ events: Event[]; syncedAt: Date } | undefined>;
  /** This panel now shows the record `id` (a re-used preview): the registry files it under it. */
  rekey(panel: RecordPanel, id: string): void;
  copyId(id: string, panel?: RecordPanel): Promise<void>;
  openJson(r: AnyRecord): Promise<unknown>;
  open(r: AnyRecord): unknown;
}

export class RecordPanel extends BasePanel<ToRecordWebview, RecordPageMessage> {
  private current: AnyRecord | undefined;
  private notice: { message: string; tone: 'info' | 'error' } | undefined;
  /** The location's events, page by page (the same pager as the trees'); aborted when the panel closes. */
  private readonly eventPages = new PagedSource<Event>((r) => this.fetchEvents(r.page, r.signal), { keyOf: (e) => e.id });
  private eventsError: string | undefined;
  /** The events at this location from the local mirror (all of them), when it was fresh at the first load. */
  private fromMirror: { events: Event[]; syncedAt: Date } | undefined;
  /** Set once the mirror was asked (the first load): after it, pages come from the service. */
  private mirrorAsked = false;
  /** Counts mirror changes, so an answer to an older one is dropped (mirrorChanged). */
  private mirrorRound = 0;
  /** Settles when the events page being loaded (if any) is in; tests wait on it. */
  eventsLoading: Promise<void> = Promise.resolve();

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: RecordPanelHost,
    readonly kind: RecordKind,
    /** The record shown; another one when a preview is re-used (retarget). */
    public recordId: string,
  ) {
    super(panel, extensionUri, registry.log, RECORD_PAGE);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // The CSP allows https images only while the setting is on: a new page, with a new CSP.
        if (affects(e, SettingKeys.loadRemoteImages)) this.reload();
      }),
      { dispose: () => this.eventPages.dispose() },
    );
  }

  get record(): AnyRecord | undefined {
    return this.current;
  }

  /** The events at this location loaded so far (location panels). */
  get eventsAtLocation(): readonly Event[] {
    return this.fromMirror?.events ?? this.eventPages.records;
  }

  get hasMoreEvents(): boolean {
    return !this.fromMirror && this.eventPages.hasMore;
  }

  /** When the events listed came from the local mirror: when it synced; undefined when from the service. */
  get eventsFromMirror(): Date | undefined {
    return this.fromMirror?.syncedAt;
  }

  /**
   * Shows another record of the same kind in this panel (a re-used preview, preview-slot.ts): the
   * previous record's events, their request in flight and its notice go; the page draws the new
   * record on the next message (or, if it is reloading, when it says ready).
   */
  retarget(r: AnyRecord): void {
    if (r.kind !== this.kind) throw new Error(`a ${this.kind} panel cannot show a ${r.kind}`);
    if (r.record.id !== this.recordId) {
      this.registry.rekey(this, r.record.id);
      this.recordId = r.record.id;
      // Aborts the request in flight; its late answer is 'stale' and dropped (settleEvents).
      this.eventPages.reset();
      this.eventsError = undefined;
      this.notice = undefined;
      // The mirror's list was the previous location's: the new one asks the mirror again.
      this.fromMirror = undefined;
      this.mirrorAsked = false;
      this.mirrorRound++;
    }
    this.show(r);
  }

  show(r: AnyRecord): void {
    this.current = r;
    this.panel.title = panelTitle(r);
    this.onReady();
  }

  /** After a reload, when the record is not among those loaded: the page keeps its saved copy. */
  setNotice(message: string, tone: 'info' | 'error' = 'info'): void {
    this.notice = { message, tone };
    this.post({ type: 'notice', message, tone });
  }

  private viewOptions(): RecordViewOptions {
    return { nameOf: integrationName, loadRemoteImages: Settings.loadRemoteImages() };
  }

  protected onReady(): void {
    const r = this.current;
    if (r) this.post({ type: 'record', view: r.kind === 'location' ? locationView(r.record, this.viewOptions()) : eventView(r.record, this.viewOptions()) });
    if (this.kind === 'location') {
      this.postEvents();
      if (!this.fromMirror && this.eventPages.nextPage === 0 && !this.eventPages.busy && !this.eventsError) void this.loadMoreEvents();
    }
    if (this.notice) this.post({ type: 'notice', ...this.notice });
  }

  protected override onUsed(): void {
    this.registry.keep(this);
  }

  protected async onMessage(message: RecordPageMessage): Promise<void> {
    switch (message.type) {
      case 'action':
        // The id must be the one on screen; an action needs the record itself.
        if (message.id !== this.recordId) return;
        if (message.action === 'copyId') return this.registry.copyId(this.recordId, this);
        if (this.current) await this.registry.openJson(this.current);
        else this.setNotice(vscode.l10n.t('The record is not loaded in this window yet: refresh the Locations or Events view, or open it again from there.'), 'error');
        return;
      case 'openRecord':
        return this.openRelated(message.kind, message.id);
      case 'loadMoreEvents':
        if (message.locationId === this.recordId) await this.loadMoreEvents();
        return;
    }
  }

  /** Only records this panel showed: an event of its list, or its event's location. */
  private openRelated(kind: RecordKind, id: string): void {
    if (kind === 'event') {
      const e = this.eventsAtLocation.find((x) => x.id === id);
      if (e) this.registry.open({ kind: 'event', record: e });
      return;
    }
    const r = this.current;
    if (r?.kind === 'event' && r.record.location?.id === id) this.registry.open({ kind: 'location', record: r.record.location });
  }

  /**
   * The mirror changed (a sync, another connection, a mirror opened): a list that came from a
   * mirror is asked again, so the panel says "from the local mirror" only while the mirror of the
   * active connection is fresh (after a switch it would otherwise say so of the previous
   * connection's mirror), and otherwise lists the events from the active service.
   */
  mirrorChanged(): Promise<void> {
    if (this.kind !== 'location' || !this.fromMirror) return this.eventsLoading;
    const asked = this.recordId;
    const round = ++this.mirrorRound;
    this.eventsLoading = this.registry
      .mirrorEventsAt(asked)
      .catch(() => undefined)
      .then((m) => {
        if (this.recordId !== asked || round !== this.mirrorRound || !this.fromMirror) return;
        if (m) {
          this.fromMirror = m;
          this.postEvents();
          return;
        }
        this.fromMirror = undefined;
        this.eventPages.reset();
        this.eventsError = undefined;
        return this.loadFromService();
      });
    return this.eventsLoading;
  }

  /** What the page is told about the events at this location (the integration tests read it too). */
  eventsState(): EventsAtLocation {
    const o = this.viewOptions();
    if (this.fromMirror) {
      const source = vscode.l10n.t('From the local mirror, synced {0}.', age(this.fromMirror.syncedAt));
      return { state: 'loaded', items: this.fromMirror.events.map((e) => eventItem(e, o)), hasMore: false, source };
    }
    const items = this.eventPages.records.map((e) => eventItem(e, o));
    if (this.eventPages.busy) return { state: 'loading', items };
    if (this.eventsError !== undefined) return { state: 'failed', items, message: this.eventsError };
    return { state: 'loaded', items, hasMore: this.hasMoreEvents };
  }

  private postEvents(): void {
    this.post({ type: 'events', locationId: this.recordId, events: this.eventsState() });
  }

  /**
   * The next page of events at this location (the first one, or again after a failure). The first
   * load asks the local mirror first: when it is fresh, it has every event at once, without a request.
   */
  loadMoreEvents(): Promise<void> {
    if (this.kind !== 'location' || this.fromMirror) return this.eventsLoading;
    if (!this.mirrorAsked) {
      this.mirrorAsked = true;
      const asked = this.recordId;
      this.eventsLoading = this.registry
        .mirrorEventsAt(asked)
        .catch(() => undefined) // a mirror that cannot be read is no reason not to ask the service
        .then((m) => {
          // The panel was re-used for another location meanwhile (retarget): its own load runs.
          if (this.recordId !== asked) return;
          if (m) {
            this.fromMirror = m;
            if (!this.current) this.showEmbeddedLocation(m.events);
            this.postEvents();
            return;
          }
          return this.loadFromService();
        });
      return this.eventsLoading;
    }
    return this.loadFromService();
  }

  private loadFromService(): Promise<void> {
    if (!this.eventPages.hasMore || this.eventPages.busy) return this.eventsLoading;
    this.eventsError = undefined;
    const loading = this.eventPages.loadMore();
    this.postEvents();
    this.eventsLoading = loading.then((outcome) => {
      this.settleEvents(outcome);
      this.postEvents();
    });
    return this.eventsLoading;
  }

  private async fetchEvents(page: number, signal: AbortSignal) {
    const client = await this.registry.client();
    if (!client) return undefined;
    return client.listEvents({ updatedSince: ALL_TIME, location: this.recordId, page, pageSize: this.registry.eventsPageSize() }, { signal });
  }

  /** Failures go where every failed call goes (ErrorReporter): a 401 offers "Update Token…". */
  private settleEvents(outcome: PageOutcome<Event>): void {
    if (outcome.status === 'skipped' && this.eventPages.hasMore) {
      this.eventsError = vscode.l10n.t('not connected to a service (choose a connection in the Recommendations view).');
    } else if (outcome.status === 'failed') {
      const doing = vscode.l10n.t('Loading the events at {0}', this.current?.record.name || this.recordId);
      this.eventsError = this.registry.errors.report(outcome.error, doing, () => this.loadMoreEvents());
    } else if (outcome.status === 'loaded' && !this.current) {
      this.showEmbeddedLocation(this.eventPages.records);
    }
  }

  /** Restored without its record: every event embeds its location in full. */
  private showEmbeddedLocation(events: readonly Event[]): void {
    const embedded = events.find((e) => e.location?.id === this.recordId)?.location;
    if (embedded) {
      this.notice = undefined;
      this.show({ kind: 'location', record: embedded });
    }
  }
}

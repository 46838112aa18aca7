// The panel of one location or one event: its fields, "Open as JSON", "Copy Id", and links opened
// through the extension. A location panel also lists the events at that location (the events
// endpoint's `location` filter, page by page); an event panel's location card opens the location's
// panel. One panel per record, kept by RecordPanels (record-panels.ts).
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import { type EventsAtLocation, type RecordKind, RecordPageMessage, type ToRecordWebview } from '../../webview/record/protocol';
import { RECORD_STRINGS } from '../../webview/record/strings';
import { integrationName } from '../views/labels';
import { BasePanel, type PanelPage } from './base-panel';
import { eventView } from './event-view';
import { eventItem, locationView } from './location-view';
import { shortName } from './panel-title';
import type { RecordViewOptions } from './record-panel-fields';
import type { RecordPanels } from './record-panels';

export type AnyRecord = { kind: 'location'; record: Location } | { kind: 'event'; record: Event };

/** Every event at a location, whenever it was updated: the endpoint requires a lower bound. */
const ALL_TIME = new Date(0);

export function panelTitle(r: AnyRecord): string {
  const name = shortName(r.record.name || r.record.id);
  return r.kind === 'location' ? vscode.l10n.t('Location: {0}', name) : vscode.l10n.t('Event: {0}', name);
}

export const loadRemoteImages = () => vscode.workspace.getConfiguration('dedupCurator').get<boolean>('panels.loadRemoteImages', false);

/** The page of the location and event panels (src/webview/record/). */
const RECORD_PAGE: PanelPage<RecordPageMessage> = {
  script: 'record-webview.js',
  styles: ['codicons/codicon.css', 'webview.css', 'record.css'],
  messages: RecordPageMessage,
  strings: RECORD_STRINGS,
  remoteImages: loadRemoteImages,
};

export class RecordPanel extends BasePanel<ToRecordWebview, RecordPageMessage> {
  private current: AnyRecord | undefined;
  private notice: { message: string; tone: 'info' | 'error' } | undefined;
  /** The location's events loaded so far, in the service's order. */
  private events: Event[] = [];
  private eventsNextPage: number | undefined = 0;
  private eventsError: string | undefined;
  /** Settles when the events page being loaded (if any) is in; tests wait on it. */
  eventsLoading: Promise<void> = Promise.resolve();
  private eventsBusy = false;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: RecordPanels,
    readonly kind: RecordKind,
    readonly recordId: string,
  ) {
    super(panel, extensionUri, registry.log, RECORD_PAGE);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // The CSP allows https images only while the setting is on: a new page, with a new CSP.
        if (e.affectsConfiguration('dedupCurator.panels.loadRemoteImages')) this.reload();
      }),
    );
  }

  get record(): AnyRecord | undefined {
    return this.current;
  }

  /** The events at this location loaded so far (location panels). */
  get eventsAtLocation(): readonly Event[] {
    return this.events;
  }

  get hasMoreEvents(): boolean {
    return this.eventsNextPage !== undefined;
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
    return { nameOf: integrationName, loadRemoteImages: loadRemoteImages() };
  }

  protected onReady(): void {
    const r = this.current;
    if (r) this.post({ type: 'record', view: r.kind === 'location' ? locationView(r.record, this.viewOptions()) : eventView(r.record, this.viewOptions()) });
    if (this.kind === 'location') {
      this.postEvents();
      if (this.eventsNextPage === 0 && !this.eventsBusy && !this.eventsError) void this.loadMoreEvents();
    }
    if (this.notice) this.post({ type: 'notice', ...this.notice });
  }

  protected async onMessage(message: RecordPageMessage): Promise<void> {
    // Using a preview keeps it, as editing a preview editor does.
    this.registry.keep(this);
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
      const e = this.events.find((x) => x.id === id);
      if (e) this.registry.open({ kind: 'event', record: e });
      return;
    }
    const r = this.current;
    if (r?.kind === 'event' && r.record.location?.id === id) this.registry.open({ kind: 'location', record: r.record.location });
  }

  private eventsState(): EventsAtLocation {
    const o = this.viewOptions();
    const items = this.events.map((e) => eventItem(e, o));
    if (this.eventsBusy) return { state: 'loading', items };
    if (this.eventsError !== undefined) return { state: 'failed', items, message: this.eventsError };
    return { state: 'loaded', items, hasMore: this.hasMoreEvents };
  }

  private postEvents(): void {
    this.post({ type: 'events', locationId: this.recordId, events: this.eventsState() });
  }

  /** The next page of events at this location (the first one, or again after a failure). */
  loadMoreEvents(): Promise<void> {
    const page = this.eventsNextPage;
    if (this.kind !== 'location' || page === undefined || this.eventsBusy) return this.eventsLoading;
    this.eventsBusy = true;
    this.eventsError = undefined;
    this.postEvents();
    this.eventsLoading = this.fetchEvents(page).finally(() => {
      this.eventsBusy = false;
      this.postEvents();
    });
    return this.eventsLoading;
  }

  private async fetchEvents(page: number): Promise<void> {
    try {
      const client = await this.registry.session.client();
      if (!client) {
        this.eventsError = vscode.l10n.t('not connected to a service (choose a connection in the Recommendations view).');
        return;
      }
      const pageSize = this.registry.eventsPageSize();
      const result = await client.listEvents({ updatedSince: ALL_TIME, location: this.recordId, page, pageSize });
      const known = new Set(this.events.map((e) => e.id));
      this.events.push(...result.data.filter((e) => !known.has(e.id)));
      this.eventsNextPage = result.hasNextPage ? page + 1 : undefined;
      // Restored without its record: every event embeds its location in full.
      const embedded = result.data.find((e) => e.location?.id === this.recordId)?.location;
      if (!this.current && embedded) {
        this.notice = undefined;
        this.show({ kind: 'location', record: embedded });
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.log.error(`Loading the events at ${this.recordId}: ${message}`);
      this.eventsError = message;
    }
  }
}

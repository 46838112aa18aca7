// Deduplicated events updated since a moment: name, start date and status; the child is the location.
// Beyond the window of WindowedList: a start window (start after / before) and one location.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Event, Page } from '../../api/model';
import { WindowedList } from './windowed-list';
import { eventItem, eventTooltip, locationItem, locationTooltip } from './items';
import { type EventFilter, isEventFilterSet, parseEventFilter, storedEventFilter } from './event-filter';
import { ContextKeys } from '../ids';
import { setContext } from '../context-keys';

export class EventsList extends WindowedList<Event> {
  protected readonly noun = vscode.l10n.t('events');
  protected readonly listKey = 'events';
  private filterValue: EventFilter = {};

  get filter(): EventFilter {
    return this.filterValue;
  }

  /** Sets the start window and location (sent to the service) and reloads. */
  setFilter(f: EventFilter): Promise<void> {
    this.applyFilter(f);
    void this.choices?.write(this.viewId, 'filter', storedEventFilter(f));
    return this.refresh();
  }

  private applyFilter(f: EventFilter): void {
    this.filterValue = f;
    void setContext(ContextKeys.eventsFiltered, isEventFilterSet(f));
  }

  protected override restoreChoices(): void {
    super.restoreChoices();
    // A location belongs to one service: a filter kept before choices were per connection keeps only its dates.
    const filter = this.choices?.read(this.viewId, 'filter', parseEventFilter, (f) => ({ ...f, location: undefined }));
    this.applyFilter(filter ?? {});
  }

  protected override fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Event>> {
    const f = this.filterValue;
    return client.listEvents(
      {
        updatedSince: this.updatedSince,
        onlyExternalUpdates: this.onlyExternalUpdates,
        startAfter: f.startAfter,
        startBefore: f.startBefore,
        location: f.location?.id,
        page,
        pageSize: this.pageSize,
      },
      { signal },
    );
  }

  protected recordItem(e: Event): vscode.TreeItem {
    return eventItem(e);
  }

  protected override recordTooltip(e: Event): string {
    return eventTooltip(e);
  }

  protected override childItems(e: Event): vscode.TreeItem[] {
    if (!e.location) return [];
    // Built when the event is expanded: one item, so its tooltip can be made at once.
    const item = locationItem(e.location, vscode.TreeItemCollapsibleState.None);
    item.tooltip = locationTooltip(e.location);
    return [item];
  }

  protected override scopeExtras(): string[] {
    const f = this.filterValue;
    const day = (d: Date) => d.toLocaleDateString();
    const extra: string[] = [];
    if (f.location) extra.push(vscode.l10n.t('at {0}', f.location.name || f.location.id));
    if (f.startAfter && f.startBefore) extra.push(vscode.l10n.t('starting {0}–{1}', day(f.startAfter), day(f.startBefore)));
    else if (f.startAfter) extra.push(vscode.l10n.t('starting after {0}', day(f.startAfter)));
    else if (f.startBefore) extra.push(vscode.l10n.t('starting before {0}', day(f.startBefore)));
    return extra;
  }
}

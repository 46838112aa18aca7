// Deduplicated events updated since a moment: name, start date and status; the child is the location.
// Beyond the window of WindowedList: a start window (start after / before) and one location.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Event, Page } from '../../api/model';
import { statusText } from '../event-status';
import { WindowedList } from './windowed-list';
import { locationItem, locationTooltip } from './locations-list';
import { integrationName, localDateTime, tooltipLines } from './labels';
import { parseEventFilter, storedEventFilter } from './view-choices';

export interface EventFilter {
  startAfter?: Date;
  startBefore?: Date;
  /** A location's id (URI) and, for the description, its name. */
  location?: { id: string; name?: string };
}

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
    const filtered = !!(f.startAfter || f.startBefore || f.location);
    void vscode.commands.executeCommand('setContext', 'dedupCurator.events.filtered', filtered);
  }

  protected override restoreChoices(): void {
    super.restoreChoices();
    // A location belongs to one service: a filter kept before choices were per connection keeps only its dates.
    const filter = this.choices?.read(this.viewId, 'filter', parseEventFilter, (f) => ({ ...f, location: undefined }));
    this.applyFilter(filter ?? {});
  }

  protected fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Event>> {
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
    const item = new vscode.TreeItem(e.name || e.id, e.location ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = [localDateTime(e.startDate), statusText(e.eventStatus)].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(e.eventStatus && /Cancel/i.test(e.eventStatus) ? 'circle-slash' : 'calendar');
    item.contextValue = 'event';
    // A click opens the event's panel as a preview (the twistie still expands its location).
    item.command = { command: 'dedupCurator.openEvent', title: vscode.l10n.t('Open Event'), arguments: [e, { preview: true }] };
    return item;
  }

  protected override recordTooltip(e: Event): string {
    return tooltipLines([
      [vscode.l10n.t('Name'), e.name],
      [vscode.l10n.t('Starts'), localDateTime(e.startDate)],
      [vscode.l10n.t('Status'), statusText(e.eventStatus)],
      [vscode.l10n.t('Prices'), e.minimumPrice != null ? `${e.minimumPrice} – ${e.maximumPrice ?? '?'}` : undefined],
      [vscode.l10n.t('Location'), e.location?.name],
      [vscode.l10n.t('Integrations'), (e.integrations ?? []).map(integrationName).join(', ')],
      [vscode.l10n.t('Id'), e.id],
    ]);
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

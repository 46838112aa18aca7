// Deduplicated events updated since a moment: name, start date and status; the child is the location.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Event, Page } from '../../api/model';
import { PagedList } from './paged-list';
import { DEFAULT_LOOKBACK_MS, locationItem } from './locations-list';
import { integrationName, localDateTime, markdownLines } from './labels';

export class EventsList extends PagedList<Event> {
  protected readonly noun = 'events';
  updatedSince = new Date(Date.now() - DEFAULT_LOOKBACK_MS);

  protected fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Event>> {
    return client.listEvents({ updatedSince: this.updatedSince, page, pageSize: this.pageSize }, { signal });
  }

  protected recordItem(e: Event): vscode.TreeItem {
    const item = new vscode.TreeItem(e.name || e.id, e.location ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = [localDateTime(e.startDate), statusText(e.eventStatus)].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(e.eventStatus && /Cancel/i.test(e.eventStatus) ? 'circle-slash' : 'calendar');
    item.contextValue = 'event';
    item.tooltip = markdownLines([
      ['Name', e.name],
      ['Starts', localDateTime(e.startDate)],
      ['Status', statusText(e.eventStatus)],
      ['Prices', e.minimumPrice != null ? `${e.minimumPrice} – ${e.maximumPrice ?? '?'}` : undefined],
      ['Location', e.location?.name],
      ['Integrations', (e.integrations ?? []).map(integrationName).join(', ')],
      ['Id', e.id],
    ]);
    return item;
  }

  protected override childItems(e: Event): vscode.TreeItem[] {
    return e.location ? [locationItem(e.location, vscode.TreeItemCollapsibleState.None)] : [];
  }

  protected override emptyMessage(): string {
    return `No events updated since ${this.updatedSince.toLocaleString()}.`;
  }

  protected override summary(): string | undefined {
    if (this.view) this.view.description = `since ${this.updatedSince.toLocaleDateString()}`;
    return undefined;
  }
}

/** `https://schema.org/EventScheduled` or `EventScheduled` → `Scheduled`. */
function statusText(status: string | null | undefined): string {
  if (!status) return '';
  return status.replace(/^.*[/#]/, '').replace(/^Event/, '');
}

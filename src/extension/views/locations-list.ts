// Deduplicated locations updated since a moment: name, locality, and how many sources were merged.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Location, Page } from '../../api/model';
import { WindowedList } from './windowed-list';
import { addressLine, integrationName, localDateTime, tooltipLines } from './labels';
import { Commands, TreeItemKinds } from '../ids';

export class LocationsList extends WindowedList<Location> {
  protected readonly noun = vscode.l10n.t('locations');
  protected readonly listKey = 'locations';

  protected fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Location>> {
    return client.listLocations({ updatedSince: this.updatedSince, onlyExternalUpdates: this.onlyExternalUpdates, page, pageSize: this.pageSize }, { signal });
  }

  protected recordItem(l: Location): vscode.TreeItem {
    return locationItem(l, vscode.TreeItemCollapsibleState.None);
  }

  protected override recordTooltip(l: Location): string {
    return locationTooltip(l);
  }
}

export function locationItem(l: Location, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(l.name || l.id, state);
  const sources = l.sourceIds?.length ?? 0;
  item.description = [l.address?.addressLocality, sources === 1 ? vscode.l10n.t('1 source') : vscode.l10n.t('{0} sources', sources)].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon(sources > 1 ? 'merge' : 'location');
  item.contextValue = TreeItemKinds.location;
  // A click opens the location's panel (also for an event's location child in the Events view), as
  // a preview the next click replaces.
  item.command = { command: Commands.openLocation, title: vscode.l10n.t('Open Location'), arguments: [l, { preview: true }] };
  return item;
}

export function locationTooltip(l: Location): string {
  return tooltipLines([
    [vscode.l10n.t('Name'), l.name],
    [vscode.l10n.t('Address'), addressLine(l.address)],
    [vscode.l10n.t('Telephone'), l.telephone],
    [vscode.l10n.t('Coordinates'), l.latitude != null && l.longitude != null ? `${l.latitude}, ${l.longitude}` : undefined],
    [vscode.l10n.t('Integrations'), (l.integrations ?? []).map(integrationName).join(', ')],
    [vscode.l10n.t('Updated'), localDateTime(l.updatedAt)],
    [vscode.l10n.t('Id'), l.id],
  ]);
}

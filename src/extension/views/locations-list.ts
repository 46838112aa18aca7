// Deduplicated locations updated since a moment: name, locality, and how many sources were merged.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Location, Page } from '../../api/model';
import { WindowedList } from './windowed-list';
import { locationItem, locationTooltip } from './items';

export class LocationsList extends WindowedList<Location> {
  protected readonly noun = vscode.l10n.t('locations');
  protected readonly listKey = 'locations';

  protected override fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Location>> {
    return client.listLocations({ updatedSince: this.updatedSince, onlyExternalUpdates: this.onlyExternalUpdates, page, pageSize: this.pageSize }, { signal });
  }

  protected recordItem(l: Location): vscode.TreeItem {
    return locationItem(l, vscode.TreeItemCollapsibleState.None);
  }

  protected override recordTooltip(l: Location): string {
    return locationTooltip(l);
  }
}

// The tree items of records, shared by the views: an event's location is a child in the Events
// view and a row in the Locations view, built the same way in both.
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import { statusText } from '../event-status';
import { Commands, TreeItemKinds } from '../ids';
import { addressLine, integrationName, localDateTime, tooltipLines } from './labels';
import { formatCount } from '../../webview/shared/format';

/**
 * A record's row: its name (else its id), and a click that opens the record's panel as a preview
 * the next click replaces (the twistie of an event with a location still expands it).
 */
function recordItem(
  record: Location | Event,
  state: vscode.TreeItemCollapsibleState,
  row: { description: string; icon: string; contextValue: string; open: { command: string; title: string } },
): vscode.TreeItem {
  const item = new vscode.TreeItem(record.name || record.id, state);
  item.description = row.description;
  item.iconPath = new vscode.ThemeIcon(row.icon);
  item.contextValue = row.contextValue;
  item.command = { ...row.open, arguments: [record, { preview: true }] };
  return item;
}

/** A location's row, also an event's location child in the Events view. */
export function locationItem(l: Location, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const sources = l.sourceIds?.length ?? 0;
  return recordItem(l, state, {
    description: [l.address?.addressLocality, sources === 1 ? vscode.l10n.t('1 source') : vscode.l10n.t('{0} sources', formatCount(sources))].filter(Boolean).join(' · '),
    icon: sources > 1 ? 'merge' : 'location',
    contextValue: TreeItemKinds.location,
    open: { command: Commands.openLocation, title: vscode.l10n.t('Open Location') },
  });
}

type TooltipRow = [label: string, value: string | null | undefined];

/** A record's tooltip: its name, the rows of its kind, its integrations, `beforeId`, and its id last. */
function recordTooltip(record: Location | Event, rows: TooltipRow[], beforeId: TooltipRow[] = []): string {
  return tooltipLines([
    [vscode.l10n.t('Name'), record.name],
    ...rows,
    [vscode.l10n.t('Integrations'), (record.integrations ?? []).map(integrationName).join(', ')],
    ...beforeId,
    [vscode.l10n.t('Id'), record.id],
  ]);
}

export function locationTooltip(l: Location): string {
  const rows: TooltipRow[] = [
    [vscode.l10n.t('Address'), addressLine(l.address)],
    [vscode.l10n.t('Telephone'), l.telephone],
    [vscode.l10n.t('Coordinates'), l.latitude != null && l.longitude != null ? `${l.latitude}, ${l.longitude}` : undefined],
  ];
  return recordTooltip(l, rows, [[vscode.l10n.t('Updated'), localDateTime(l.updatedAt)]]);
}

export function eventItem(e: Event): vscode.TreeItem {
  return recordItem(e, e.location ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None, {
    description: [localDateTime(e.startDate), statusText(e.eventStatus)].filter(Boolean).join(' · '),
    icon: e.eventStatus && /Cancel/i.test(e.eventStatus) ? 'circle-slash' : 'calendar',
    contextValue: TreeItemKinds.event,
    open: { command: Commands.openEvent, title: vscode.l10n.t('Open Event') },
  });
}

export function eventTooltip(e: Event): string {
  return recordTooltip(e, [
    [vscode.l10n.t('Starts'), localDateTime(e.startDate)],
    [vscode.l10n.t('Status'), statusText(e.eventStatus)],
    [vscode.l10n.t('Prices'), e.minimumPrice != null ? `${e.minimumPrice} – ${e.maximumPrice ?? '?'}` : undefined],
    [vscode.l10n.t('Location'), e.location?.name],
  ]);
}

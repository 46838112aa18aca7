// The tree items of records, shared by the views: an event's location is a child in the Events
// view and a row in the Locations view, built the same way in both.
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import { statusText } from '../event-status';
import { Commands, TreeItemKinds } from '../ids';
import { addressLine, integrationName, localDateTime, tooltipLines } from './labels';

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

export function eventItem(e: Event): vscode.TreeItem {
  const item = new vscode.TreeItem(e.name || e.id, e.location ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.description = [localDateTime(e.startDate), statusText(e.eventStatus)].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon(e.eventStatus && /Cancel/i.test(e.eventStatus) ? 'circle-slash' : 'calendar');
  item.contextValue = TreeItemKinds.event;
  // A click opens the event's panel as a preview (the twistie still expands its location).
  item.command = { command: Commands.openEvent, title: vscode.l10n.t('Open Event'), arguments: [e, { preview: true }] };
  return item;
}

export function eventTooltip(e: Event): string {
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

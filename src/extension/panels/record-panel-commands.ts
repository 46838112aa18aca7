// Commands of the record panels: Open Location / Open Event (a tree item's click, its context menu,
// the palette), Open as JSON and Copy Id (a tree item's context menu, the panel's buttons, the
// palette while a record panel is in front). Each returns what it opened (the tests use it).
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import type { Session } from '../connection/session';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import type { ListNode } from '../views/paged-list';
import type { RecordKind } from '../../webview/record-protocol';
import type { AnyRecord } from './record-panel';
import { EVENT_VIEW_TYPE, LOCATION_VIEW_TYPE, RecordPanels } from './record-panels';
import { showError, showInfo } from '../ui/notify';
import { inertText } from '../ui/inert-text';

const t = vscode.l10n.t;

/**
 * A record from what a command receives: a tree node (a location, an event, or an event's location
 * child), a record, or an id. `kind` narrows what is wanted; undefined takes either.
 */
function resolve(panels: RecordPanels, arg: unknown, kind?: RecordKind): AnyRecord | undefined {
  if (typeof arg === 'string') return kind ? panels.find(kind, arg) : (panels.find('location', arg) ?? panels.find('event', arg));
  if (!arg || typeof arg !== 'object') return undefined;
  if ('kind' in arg && (arg.kind === 'record' || arg.kind === 'child')) {
    const node = arg as ListNode<Location | Event>;
    if (node.kind === 'child') {
      const location = (node.parent as Event).location;
      return location && kind !== 'event' ? { kind: 'location', record: location } : undefined;
    }
    if (node.kind !== 'record') return undefined;
    const inEvents = panels.events.loaded().includes(node.record as Event);
    const found: AnyRecord = inEvents ? { kind: 'event', record: node.record as Event } : { kind: 'location', record: node.record as Location };
    return !kind || found.kind === kind ? found : undefined;
  }
  const record = arg as { id?: unknown };
  if (typeof record.id !== 'string' || !kind) return undefined;
  return kind === 'location' ? { kind, record: arg as Location } : { kind, record: arg as Event };
}

async function pick(panels: RecordPanels, kind: RecordKind): Promise<AnyRecord | undefined> {
  const loaded: (Location | Event)[] = kind === 'location' ? [...panels.locations.shown()] : [...panels.events.shown()];
  if (!loaded.length) {
    void showInfo(kind === 'location' ? t('No locations are loaded: open the Locations view first.') : t('No events are loaded: open the Events view first.'));
    return undefined;
  }
  const items = loaded.map((r) => ({ label: inertText(r.name || r.id), description: r.name ? inertText(r.id) : undefined, record: r }));
  const picked = await vscode.window.showQuickPick(items, { title: kind === 'location' ? t('Dedup Curator: Open Location') : t('Dedup Curator: Open Event'), matchOnDescription: true });
  if (!picked) return undefined;
  return kind === 'location' ? { kind, record: picked.record as Location } : { kind, record: picked.record as Event };
}

/** A tree node's record, or else the record of the panel in front. */
function target(panels: RecordPanels, arg: unknown): AnyRecord | undefined {
  if (arg !== undefined) return resolve(panels, arg);
  return panels.active()?.record;
}

export function registerRecordPanels(context: vscode.ExtensionContext, session: Session, locations: LocationsList, events: EventsList, log: vscode.LogOutputChannel): vscode.Disposable[] {
  const panels = new RecordPanels(session, locations, events, log, context.extensionUri);
  const open = (kind: RecordKind) => async (arg?: unknown) => {
    const r = arg === undefined ? await pick(panels, kind) : resolve(panels, arg, kind);
    if (!r && arg !== undefined) void showError(t('Dedup Curator: that {0} is not loaded; refresh its view and try again.', kind === 'location' ? t('location') : t('event')));
    return r ? panels.open(r) : undefined;
  };
  const noTarget = () => void showInfo(t('Dedup Curator: choose a location or an event in its view, or bring its panel to the front.'));
  return [
    panels,
    vscode.window.registerWebviewPanelSerializer(LOCATION_VIEW_TYPE, panels.serializer('location')),
    vscode.window.registerWebviewPanelSerializer(EVENT_VIEW_TYPE, panels.serializer('event')),
    vscode.commands.registerCommand('dedupCurator.openLocation', open('location')),
    vscode.commands.registerCommand('dedupCurator.openEvent', open('event')),
    vscode.commands.registerCommand('dedupCurator.openAsJson', async (arg?: unknown) => {
      const r = target(panels, arg);
      if (!r) return noTarget();
      return panels.openJson(r);
    }),
    vscode.commands.registerCommand('dedupCurator.copyId', async (arg?: unknown) => {
      const r = target(panels, arg);
      const id = r?.record.id ?? (arg === undefined ? panels.active()?.recordId : undefined);
      if (!id) return noTarget();
      await panels.copyId(id, panels.get(r?.kind ?? 'location', id) ?? panels.get('event', id));
      return id;
    }),
  ];
}

// Commands of the record panels: Open Location / Open Event (a tree item's click, its context menu,
// the palette), Open as JSON and Copy Id (a tree item's context menu, the panel's buttons, the
// palette while a record panel is in front). Each returns what it opened (the tests use it).
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import type { Session } from '../connection/session';
import type { MirrorService } from '../mirror/mirror-service';
import type { ErrorReporter } from '../error-reporter';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import type { ListNode } from '../views/paged-list';
import type { RecordKind } from '../../webview/record/protocol';
import type { AnyRecord } from './record-panel';
import { RecordPanels } from './record-panels';
import { keepPreview } from './preview-slot';
import { pickRecord } from './pick-record';
import { showError, showInfo } from '../ui/notify';
import { Commands, PanelTypes } from '../ids';

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
    // An event of the Events view: loaded from the service, or a search result from the mirror.
    const inEvents = panels.events.loaded().includes(node.record as Event) || panels.events.shown().includes(node.record as Event);
    const found: AnyRecord = inEvents ? { kind: 'event', record: node.record as Event } : { kind: 'location', record: node.record as Location };
    return !kind || found.kind === kind ? found : undefined;
  }
  const record = arg as { id?: unknown };
  if (typeof record.id !== 'string' || !kind) return undefined;
  return kind === 'location' ? { kind, record: arg as Location } : { kind, record: arg as Event };
}

/** A tree node's record, or else the record of the panel in front. */
function target(panels: RecordPanels, arg: unknown): AnyRecord | undefined {
  if (arg !== undefined) return resolve(panels, arg);
  return panels.active()?.record;
}

export function registerRecordPanels(
  context: vscode.ExtensionContext,
  session: Session,
  views: { locations: LocationsList; events: EventsList },
  errors: ErrorReporter,
  log: vscode.LogOutputChannel,
  mirrors?: MirrorService,
): vscode.Disposable[] {
  const panels = new RecordPanels(session, views.locations, views.events, log, errors, context.extensionUri, mirrors);
  // A tree item's click passes { preview: true } after the record; a context menu passes the
  // selection (an array) there, and opens a kept panel like the palette.
  const open = (kind: RecordKind) => async (arg?: unknown, opts?: unknown) => {
    const r = arg === undefined ? await pickRecord(panels.session, kind === 'location' ? panels.locations : panels.events, kind) : resolve(panels, arg, kind);
    if (!r && arg !== undefined) void showError(t('Dedup Curator: that {0} is not loaded; refresh its view and try again.', kind === 'location' ? t('location') : t('event')));
    const preview = typeof opts === 'object' && opts !== null && !Array.isArray(opts) && (opts as { preview?: unknown }).preview === true;
    return r ? panels.open(r, { preview }) : undefined;
  };
  const noTarget = () => void showInfo(t('Dedup Curator: choose a location or an event in its view, or bring its panel to the front.'));
  return [
    panels,
    vscode.window.registerWebviewPanelSerializer(PanelTypes.location, panels.serializer('location')),
    vscode.window.registerWebviewPanelSerializer(PanelTypes.event, panels.serializer('event')),
    vscode.commands.registerCommand(Commands.openLocation, open('location')),
    vscode.commands.registerCommand(Commands.openEvent, open('event')),
    // Keeps the preview in front, a record's or a comparison's (preview-slot.ts).
    vscode.commands.registerCommand(Commands.keepPanelOpen, () => keepPreview()),
    // `{ full: true }` after the record (tests, scripts) opens it uncut; a context menu passes an array there.
    vscode.commands.registerCommand(Commands.openAsJson, async (arg?: unknown, opts?: unknown) => {
      const r = target(panels, arg);
      if (!r) return noTarget();
      const full = typeof opts === 'object' && opts !== null && !Array.isArray(opts) && (opts as { full?: unknown }).full === true;
      return panels.openJson(r, { full });
    }),
    vscode.commands.registerCommand(Commands.copyId, async (arg?: unknown) => {
      const r = target(panels, arg);
      const id = r?.record.id ?? (arg === undefined ? panels.active()?.recordId : undefined);
      if (!id) return noTarget();
      await panels.copyId(id, panels.get(r?.kind ?? 'location', id) ?? panels.get('event', id));
      return id;
    }),
  ];
}

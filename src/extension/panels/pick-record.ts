// The palette's quick pick of a location or an event (Open Location…, Open Event… without a record).
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import type { Session } from '../connection/session';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import type { RecordKind } from '../../webview/record/protocol';
import type { AnyRecord } from './record-panel';
import { showInfo } from '../ui/notify';
import { inertText } from '../ui/inert-text';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';
import { readyOrSay } from '../connection/ready-or-say';

const t = vscode.l10n.t;

type PickItem = vscode.QuickPickItem & { record?: Location | Event };

/**
 * The quick pick of a view's records. The service cannot search, so it searches what the view has
 * loaded and says so in its title; "Load all and search again" (always shown, also when nothing
 * matches what was typed) loads the rest of the list with progress and asks again.
 */
export async function pickRecord(session: Session, list: LocationsList | EventsList, kind: RecordKind): Promise<AnyRecord | undefined> {
  // Run as a window's first command (the command is what activates the extension), the session has
  // not read its token yet and the view has no page: wait for both before saying what is there.
  if (!(await readyOrSay(session))) return undefined;
  await list.loading;
  let typed = '';
  for (;;) {
    const loaded: readonly (Location | Event)[] = list.shown();
    if (!loaded.length && !list.hasMore) {
      // The view has loaded and its window holds nothing (an empty service, a narrow window): say
      // which window, and how to widen it — not "open the view first".
      void showInfo(
        kind === 'location'
          ? t('No locations in the Locations view ({0}): nothing to open. Show Locations Changed Since… widens its window.', list.scopeText())
          : t('No events in the Events view ({0}): nothing to open. Show Events Changed Since… widens its window.', list.scopeText()),
      );
      return undefined;
    }
    const items: PickItem[] = loaded.map((r) => ({ label: inertText(r.name || r.id), description: r.name ? inertText(r.id) : undefined, record: r }));
    const loadAll: PickItem = { label: `$(cloud-download) ${t('Load all and search again')}`, description: t('searched: {0}', list.loadedText()), alwaysShow: true };
    if (list.hasMore) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, loadAll);
    const what = kind === 'location' ? t('Open Location') : t('Open Event');
    const title = list.hasMore
      ? t('Dedup Curator: {0}, among the {1} loaded ({2}); more on the service', what, formatCount(loaded.length), list.scopeText())
      : t('Dedup Curator: {0}, all {1} ({2})', what, formatCount(loaded.length), list.scopeText());
    const picked = await showPick(items, title, typed, (v) => (typed = v));
    if (!picked) return undefined;
    if (picked === loadAll) {
      await list.loadAll(Settings.wholeListLimit(), true);
      continue;
    }
    const record = picked.record!;
    return kind === 'location' ? { kind, record: record as Location } : { kind, record: record as Event };
  }
}

/** A quick pick that keeps what was typed, so "Load all and search again" searches the same text. */
function showPick(items: PickItem[], title: string, value: string, onValue: (v: string) => void): Promise<PickItem | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<PickItem>();
    qp.items = items;
    qp.title = title;
    qp.value = value;
    qp.matchOnDescription = true;
    qp.placeholder = t('Type a name or an id');
    let chosen: PickItem | undefined;
    qp.onDidChangeValue(onValue);
    qp.onDidAccept(() => {
      chosen = qp.selectedItems[0];
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(chosen);
    });
    qp.show();
  });
}

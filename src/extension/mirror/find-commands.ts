// Find Location… / Find Event…: a quick pick that searches the mirror as the user types (names,
// streets, towns, postcodes, source ids, integrations; typos and accents forgiven) and opens the
// chosen record's panel through Open Location / Open Event. And Sync Mirror. Every text shown
// comes from records, so it is made inert first ($(icon) and [link](command:) stay text).
import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Event, Location } from '../../api/model';
import type { Mirror, MirrorKind } from '../../mirror';
import { inertText } from '../ui/inert-text';
import { showInfo } from '../ui/notify';
import type { MirrorService } from './mirror-service';
import { age } from './mirror-status';

const t = vscode.l10n.t;
/** Records listed per keystroke: a quick pick shows about a dozen; more is scrolling, not finding. */
const PICK_LIMIT = 50;

export type FindItem = vscode.QuickPickItem & { record?: Location | Event };

/** The quick pick open now, for tests (they read what the user reads, and type into it). */
export class RecordFinder {
  active: vscode.QuickPick<FindItem> | undefined;

  constructor(private readonly mirrors: MirrorService) {}

  /** Asks, searches as typed, and opens the chosen record's panel; returns what that command returned. */
  async find(kind: MirrorKind): Promise<unknown> {
    const mirror = await this.mirrors.current();
    if (!mirror) {
      void showInfo(t('Dedup Curator: connect to a service first.'));
      return undefined;
    }
    if (mirror.damage) {
      // Never served: the next sync rebuilds it.
      const sync = t('Sync Mirror');
      const answer = await showInfo(t('Dedup Curator: {0}. Sync it now?', mirror.damage), sync);
      if (answer !== sync || !(await this.mirrors.sync())) return undefined;
      return this.find(kind);
    }
    if (!mirror.syncedAt) {
      const sync = t('Sync Mirror');
      const answer = await showInfo(t('Dedup Curator: Find searches a local mirror of the service, which is not synced yet. Sync it now?'), sync);
      if (answer !== sync || !(await this.mirrors.sync())) return undefined;
    }
    const record = await this.pick(mirror, kind);
    if (!record) return undefined;
    return vscode.commands.executeCommand(kind === 'locations' ? Commands.openLocation : Commands.openEvent, record);
  }

  private pick(mirror: Mirror, kind: MirrorKind): Promise<Location | Event | undefined> {
    return new Promise((resolve) => {
      const qp = vscode.window.createQuickPick<FindItem>();
      this.active = qp;
      const count = mirror.count(kind);
      qp.title =
        kind === 'locations'
          ? t('Dedup Curator: Find Location among {0} (mirror synced {1})', count.toLocaleString('en-US'), age(mirror.syncedAt ?? new Date(0)))
          : t('Dedup Curator: Find Event among {0} (mirror synced {1})', count.toLocaleString('en-US'), age(mirror.syncedAt ?? new Date(0)));
      qp.placeholder = t('Name, street, town, postcode, source id or integration');
      // The mirror ranks; the quick pick must neither filter out a fuzzy match nor hide the details.
      qp.matchOnDescription = false;
      qp.matchOnDetail = false;
      // The index is loaded or built in slices meanwhile (busy): a search before it is ready would
      // build it at once and block the window for seconds at 150,000 records.
      let indexed = false;
      /** The query the items answer: the same one again (a value change reported after the index was ready) keeps them, and the active item. */
      let answered: string | undefined;
      const show = (query: string) => {
        if ((!indexed && query.trim() !== '') || query === answered) return;
        let items: FindItem[];
        try {
          items = mirror.search<Location | Event>(kind, query, PICK_LIMIT).map((h) => itemOf(kind, h.record));
        } catch (e) {
          // A damaged record met by the search: said in the list, and nothing of the mirror served.
          qp.items = [{ label: t('The mirror cannot be searched'), detail: e instanceof Error ? e.message : String(e), alwaysShow: true }];
          answered = query;
          return;
        }
        // An empty list says nothing (the walk of issue 18: a blank box under the input); say why.
        qp.items = items.length > 0 ? items : [nothingFound(mirror, kind, query)];
        answered = query;
      };
      show('');
      qp.busy = true;
      void mirror.prepare(kind).then(
        () => {
          indexed = true;
          qp.busy = false;
          show(qp.value);
        },
        () => {
          // Not loaded nor built in slices: searching builds it at once (or says why it cannot).
          indexed = true;
          qp.busy = false;
        },
      );
      let chosen: Location | Event | undefined;
      const subs = [
        qp.onDidChangeValue(show),
        qp.onDidAccept(() => {
          chosen = qp.selectedItems[0]?.record;
          // Enter on the "nothing found" line leaves the quick pick open for another query.
          if (chosen) qp.hide();
        }),
        qp.onDidHide(() => {
          for (const s of subs) s.dispose();
          if (this.active === qp) this.active = undefined;
          qp.dispose();
          resolve(chosen);
        }),
      ];
      qp.show();
    });
  }
}

/** The one line shown when nothing answers: the mirror is empty, or nothing matches the query. */
export function nothingFound(mirror: Mirror, kind: MirrorKind, query: string): FindItem {
  const synced = age(mirror.syncedAt ?? new Date(0));
  if (mirror.count(kind) === 0) {
    return {
      label: kind === 'locations' ? t('The mirror holds no locations') : t('The mirror holds no events'),
      detail: t('The service listed none at the last sync ({0}).', synced),
      alwaysShow: true,
    };
  }
  return {
    label: kind === 'locations' ? t("No location matches '{0}'", inertText(query.trim())) : t("No event matches '{0}'", inertText(query.trim())),
    detail: t('Every word must match; {0} searched, mirror synced {1}.', mirror.count(kind).toLocaleString('en-US'), synced),
    alwaysShow: true,
  };
}

function itemOf(kind: MirrorKind, r: Location | Event): FindItem {
  const place = kind === 'events' ? (r as Event).location : (r as Location);
  const a = place?.address;
  const where = [a?.streetAddress, [a?.postalCode, a?.addressLocality].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const when = kind === 'events' && (r as Event).startDate ? String((r as Event).startDate).slice(0, 16).replace('T', ' ') : undefined;
  return {
    label: inertText(r.name || r.id),
    description: inertText([when, where].filter(Boolean).join(' · ')),
    detail: inertText(r.id),
    // Shown whatever the quick pick's own matching thinks: the mirror found it (perhaps by a typo).
    alwaysShow: true,
    record: r,
  };
}

export function registerFindCommands(mirrors: MirrorService): [RecordFinder, vscode.Disposable[]] {
  const finder = new RecordFinder(mirrors);
  return [
    finder,
    [
      vscode.commands.registerCommand(Commands.findLocation, () => finder.find('locations')),
      vscode.commands.registerCommand(Commands.findEvent, () => finder.find('events')),
      vscode.commands.registerCommand(Commands.syncMirror, () => mirrors.sync()),
    ],
  ];
}

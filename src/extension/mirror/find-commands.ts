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
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;
/** Records listed per keystroke: a quick pick shows about a dozen; more is scrolling, not finding. */
const PICK_LIMIT = 50;

export type FindItem = vscode.QuickPickItem & { record?: Location | Event; sync?: true };

/** The quick pick open now, for tests (they read what the user reads, and type into it). */
export class RecordFinder {
  active: vscode.QuickPick<FindItem> | undefined;
  /** The query the open quick pick's items answer (tests wait for it instead of for the list to stand still). */
  answered: string | undefined;

  constructor(private readonly mirrors: MirrorService) {}

  /**
   * Asks, searches as typed, and opens the chosen record's panel; returns what that command returned.
   * A mirror never synced offers the sync as the quick pick's item: Enter on it syncs, and the quick
   * pick opens again with what was typed (a notification asking instead would, closing after the
   * sync, take the focus from the quick pick, which would close).
   */
  async find(kind: MirrorKind, query?: unknown): Promise<unknown> {
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
      return this.find(kind, query);
    }
    let typed = typeof query === 'string' ? query : '';
    for (;;) {
      const outcome = await this.pick(mirror, kind, typed);
      if (outcome.kind !== 'sync') {
        if (!outcome.record) return undefined;
        return vscode.commands.executeCommand(kind === 'locations' ? Commands.openLocation : Commands.openEvent, outcome.record);
      }
      typed = outcome.query;
      // The sync says itself how it went (progress, outcome or failure): without a copy there is nothing to search.
      if (!(await this.mirrors.sync()) || !mirror.syncedAt) return undefined;
    }
  }

  private pick(mirror: Mirror, kind: MirrorKind, query: string): Promise<{ kind: 'record'; record: Location | Event | undefined } | { kind: 'sync'; query: string }> {
    return new Promise((resolve) => {
      const qp = vscode.window.createQuickPick<FindItem>();
      this.active = qp;
      qp.value = query;
      qp.title = findTitle(mirror, kind);
      qp.placeholder = t('Name, street, town, postcode, source id or integration');
      // The mirror ranks; the quick pick must neither filter out a fuzzy match nor hide the details.
      qp.matchOnDescription = false;
      qp.matchOnDetail = false;
      // The index is loaded or built in slices meanwhile (busy): a search before it is ready would
      // build it at once and block the window for seconds at 150,000 records.
      let indexed = false;
      // `answered`: the query the items answer; the same one again (a value change reported after the
      // index was ready) keeps them, and the active item.
      this.answered = undefined;
      const syncedAt = mirror.syncedAt;
      const show = (query: string) => {
        if (!syncedAt) {
          // The one offer, kept as it is while the user types (a new item would lose the active one).
          if (!qp.items.length) qp.items = [syncItem(kind)];
          this.answered = query;
          return;
        }
        if ((!indexed && query.trim() !== '') || query === this.answered) return;
        let items: FindItem[];
        try {
          items = mirror.search<Location | Event>(kind, query, PICK_LIMIT).map((h) => itemOf(kind, h.record));
        } catch (e) {
          // A damaged record met by the search: said in the list, and nothing of the mirror served.
          qp.items = [{ label: t('The mirror cannot be searched'), detail: e instanceof Error ? e.message : String(e), alwaysShow: true }];
          this.answered = query;
          return;
        }
        // An empty list says nothing (a blank box under the input); say why.
        qp.items = items.length > 0 ? items : [nothingFound(mirror, kind, query, mirror.syncedAt ?? syncedAt)];
        this.answered = query;
      };
      show('');
      qp.busy = syncedAt !== undefined;
      if (syncedAt) void mirror.prepare(kind).then(
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
      let sync = false;
      const subs = [
        qp.onDidChangeValue(show),
        qp.onDidAccept(() => {
          const item = qp.selectedItems[0];
          chosen = item?.record;
          sync = item?.sync === true;
          // Enter on the "nothing found" line leaves the quick pick open for another query.
          if (chosen || sync) qp.hide();
        }),
        qp.onDidHide(() => {
          for (const s of subs) s.dispose();
          if (this.active === qp) this.active = undefined;
          const typed = qp.value;
          qp.dispose();
          resolve(sync ? { kind: 'sync', query: typed } : { kind: 'record', record: chosen });
        }),
      ];
      qp.show();
    });
  }
}

/** The quick pick's title: what is searched, and how fresh it is (or that the mirror was never synced). */
function findTitle(mirror: Mirror, kind: MirrorKind): string {
  const synced = mirror.syncedAt;
  if (!synced) return kind === 'locations' ? t('Dedup Curator: Find Location (the mirror is not synced yet)') : t('Dedup Curator: Find Event (the mirror is not synced yet)');
  const count = formatCount(mirror.count(kind));
  return kind === 'locations' ? t('Dedup Curator: Find Location among {0} (mirror synced {1})', count, age(synced)) : t('Dedup Curator: Find Event among {0} (mirror synced {1})', count, age(synced));
}

/** The one line of a mirror never synced: Enter syncs it, and Find opens again with the query. */
function syncItem(kind: MirrorKind): FindItem {
  return {
    label: `$(sync) ${t('Sync the mirror now')}`,
    detail: kind === 'locations' ? t('Find searches a local copy of the service, not synced yet. Enter syncs it; Find Location opens again with what you typed.') : t('Find searches a local copy of the service, not synced yet. Enter syncs it; Find Event opens again with what you typed.'),
    alwaysShow: true,
    sync: true,
  };
}

/** The one line shown when nothing answers: the mirror is empty, or nothing matches the query. */
export function nothingFound(mirror: Mirror, kind: MirrorKind, query: string, syncedAt: Date): FindItem {
  const synced = age(syncedAt);
  if (mirror.count(kind) === 0) {
    return {
      label: kind === 'locations' ? t('The mirror holds no locations') : t('The mirror holds no events'),
      detail: t('The service listed none at the last sync ({0}).', synced),
      alwaysShow: true,
    };
  }
  return {
    label: kind === 'locations' ? t("No location matches '{0}'", inertText(query.trim())) : t("No event matches '{0}'", inertText(query.trim())),
    detail: t('Every word must match; {0} searched, mirror synced {1}.', formatCount(mirror.count(kind)), synced),
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
      vscode.commands.registerCommand(Commands.findLocation, (query?: unknown) => finder.find('locations', query)),
      vscode.commands.registerCommand(Commands.findEvent, (query?: unknown) => finder.find('events', query)),
      vscode.commands.registerCommand(Commands.syncMirror, () => mirrors.sync()),
    ],
  ];
}

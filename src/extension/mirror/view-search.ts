// Search Locations… / Search Events…: the Locations or Events view shows the mirror's hits for a
// query instead of its pages (the service cannot search), its message says what was searched, how
// many results and how fresh the mirror is, and Clear Search brings the pages back. A search stays
// until cleared and is run again when the mirror syncs, so its results follow the mirror.
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import type { MirrorKind } from '../../mirror';
import { setContext } from '../context-keys';
import { Commands, ContextKeys } from '../ids';
import { showInfo } from '../ui/notify';
import type { WindowedList } from '../views/windowed-list';
import type { MirrorService } from './mirror-service';
import { age } from './mirror-status';

const t = vscode.l10n.t;
/** Hits a view shows: a tree is for browsing a few hundred, the quick pick (Find) for one. */
export const VIEW_SEARCH_LIMIT = 500;

type Lists = { locations: WindowedList<Location>; events: WindowedList<Event> };

export class ViewSearch implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly mirrors: MirrorService,
    private readonly lists: Lists,
  ) {
    this.disposables = [
      vscode.commands.registerCommand(Commands.searchLocations, (query?: unknown) => this.search('locations', query)),
      vscode.commands.registerCommand(Commands.searchEvents, (query?: unknown) => this.search('events', query)),
      vscode.commands.registerCommand(Commands.clearLocationsSearch, () => this.clear('locations')),
      vscode.commands.registerCommand(Commands.clearEventsSearch, () => this.clear('events')),
      // Synced, or another connection: the results follow the mirror (or go, without one).
      mirrors.onDidChange(() => void this.rerun()),
    ];
  }

  /**
   * Asks for a query (a string argument skips the question: keybindings, tests), searches the
   * mirror and shows the hits in the view. Returns how many were found, undefined if nothing ran.
   */
  async search(kind: MirrorKind, query?: unknown): Promise<number | undefined> {
    const list = this.lists[kind];
    const mirror = await this.mirrors.current().catch(() => undefined);
    if (!mirror) {
      void showInfo(t('Dedup Curator: connect to a service first.'));
      return undefined;
    }
    if (!mirror.syncedAt) {
      const sync = t('Sync Mirror');
      const answer = await showInfo(t('Dedup Curator: the views search a local mirror of the service, which is not synced yet. Sync it now?'), sync);
      if (answer !== sync || !(await this.mirrors.sync())) return undefined;
    }
    const typed =
      typeof query === 'string'
        ? query
        : await vscode.window.showInputBox({
            title: kind === 'locations' ? t('Dedup Curator: Search Locations') : t('Dedup Curator: Search Events'),
            prompt: t('Name, street, town, postcode, source id or integration; typos and accents are forgiven.'),
            value: list.search?.query ?? '',
          });
    if (typed === undefined) return undefined;
    if (typed.trim() === '') {
      this.clear(kind);
      return undefined;
    }
    return this.show(kind, typed.trim());
  }

  private async show(kind: MirrorKind, query: string): Promise<number | undefined> {
    const list = this.lists[kind];
    const mirror = await this.mirrors.current().catch(() => undefined);
    if (!mirror?.syncedAt) {
      this.clear(kind);
      return undefined;
    }
    // The first search of a kind builds its index in slices, with the view's progress bar meanwhile.
    await vscode.window.withProgress({ location: { viewId: list.viewId } }, () => mirror.prepare(kind));
    const hits = mirror.search<Location & Event>(kind, query, VIEW_SEARCH_LIMIT);
    const n = hits.length;
    const count = n >= VIEW_SEARCH_LIMIT ? t('the first {0} results', n) : n === 1 ? t('1 result') : t('{0} results', n);
    const message = t("Search: '{0}' — {1} from the mirror, synced {2}", query, count, age(mirror.syncedAt));
    list.showSearch({ query, records: hits.map((h) => h.record), message });
    void setContext(kind === 'locations' ? ContextKeys.locationsSearched : ContextKeys.eventsSearched, true);
    return n;
  }

  clear(kind: MirrorKind): void {
    this.lists[kind].showSearch(undefined);
    void setContext(kind === 'locations' ? ContextKeys.locationsSearched : ContextKeys.eventsSearched, false);
  }

  private async rerun(): Promise<void> {
    for (const kind of ['locations', 'events'] as const) {
      const query = this.lists[kind].search?.query;
      if (query !== undefined) await this.show(kind, query);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

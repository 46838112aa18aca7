// Search Locations… / Search Events…: the Locations or Events view shows the mirror's hits for a
// query instead of its pages (the service cannot search), its message says what was searched, how
// many results and how fresh the mirror is, and Clear Search brings the pages back. A search stays
// until cleared and is run again when the mirror syncs, so its results follow the mirror. It is kept
// per connection in the workspace's state (ViewChoices): a reload brings it back once the mirror is
// open, another connection shows its own (or none), and switching back brings the first one back.
import * as vscode from 'vscode';
import type { Event, Location } from '../../api/model';
import type { MirrorKind } from '../../mirror';
import { setContext } from '../context-keys';
import { Commands, ContextKeys } from '../ids';
import { showError, showInfo } from '../ui/notify';
import type { ViewChoices } from '../views/view-choices';
import type { WindowedList } from '../views/windowed-list';
import type { MirrorService } from './mirror-service';
import { age } from './mirror-status';
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;
/** Hits a view shows: a tree is for browsing a few hundred, the quick pick (Find) for one. */
export const VIEW_SEARCH_LIMIT = 500;

type Lists = { locations: WindowedList<Location>; events: WindowedList<Event> };
const KINDS = ['locations', 'events'] as const;
/** The key of a view's kept query among its choices (view-choices.ts). */
const SEARCH_KEY = 'search';
const parseQuery = (raw: unknown) => (typeof raw === 'string' && raw.trim() !== '' ? raw : undefined);

export class ViewSearch implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly mirrors: MirrorService,
    private readonly lists: Lists,
    private readonly choices: ViewChoices,
  ) {
    this.disposables = [
      vscode.commands.registerCommand(Commands.searchLocations, (query?: unknown) => this.search('locations', query)),
      vscode.commands.registerCommand(Commands.searchEvents, (query?: unknown) => this.search('events', query)),
      vscode.commands.registerCommand(Commands.clearLocationsSearch, () => this.clear('locations')),
      vscode.commands.registerCommand(Commands.clearEventsSearch, () => this.clear('events')),
      // Opened (at start-up: a reload), synced, or another connection: the results follow the
      // mirror of the active connection and its own kept search (or go, without one).
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
    // Kept first: a sync ending meanwhile runs the kept search again, and must find this one.
    await this.choices.write(list.viewId, SEARCH_KEY, typed.trim());
    return this.show(kind, typed.trim());
  }

  private async show(kind: MirrorKind, query: string): Promise<number | undefined> {
    const list = this.lists[kind];
    const mirror = await this.mirrors.current().catch(() => undefined);
    if (!mirror?.syncedAt) {
      // Not the user's Clear Search: the kept query stays for when this mirror is back.
      this.clearView(kind);
      return undefined;
    }
    // The first search of a kind builds its index in slices, with the view's progress bar meanwhile.
    await vscode.window.withProgress({ location: { viewId: list.viewId } }, () => mirror.prepare(kind));
    let hits: (Location & Event)[];
    try {
      hits = mirror.search<Location & Event>(kind, query, VIEW_SEARCH_LIMIT).map((h) => h.record);
    } catch (e) {
      // A damaged mirror is not served: the pages come back, and the error says what mends it.
      this.clearView(kind);
      void showError(t('Dedup Curator: the mirror cannot be searched: {0}', e instanceof Error ? e.message : String(e)));
      return undefined;
    }
    const n = hits.length;
    const count = n >= VIEW_SEARCH_LIMIT ? t('the first {0} results', formatCount(n)) : n === 1 ? t('1 result') : t('{0} results', formatCount(n));
    // "0 results from the mirror" on an empty mirror read as if the search had failed.
    const empty = mirror.count(kind) === 0;
    const message = empty
      ? kind === 'locations'
        ? t("Search: '{0}' — the mirror holds no locations (synced {1})", query, age(mirror.syncedAt))
        : t("Search: '{0}' — the mirror holds no events (synced {1})", query, age(mirror.syncedAt))
      : n === 0
        ? t("Search: '{0}' — no results among {1} in the mirror, synced {2}", query, formatCount(mirror.count(kind)), age(mirror.syncedAt))
        : t("Search: '{0}' — {1} from the mirror, synced {2}", query, count, age(mirror.syncedAt));
    list.showSearch({ query, records: hits, message });
    void setContext(kind === 'locations' ? ContextKeys.locationsSearched : ContextKeys.eventsSearched, true);
    return n;
  }

  /** Clear Search: the view shows its pages again, and the query is no longer kept. */
  clear(kind: MirrorKind): void {
    this.clearView(kind);
    void this.choices.write(this.lists[kind].viewId, SEARCH_KEY, undefined);
  }

  private clearView(kind: MirrorKind): void {
    if (this.lists[kind].search) this.lists[kind].showSearch(undefined);
    void setContext(kind === 'locations' ? ContextKeys.locationsSearched : ContextKeys.eventsSearched, false);
  }

  /** The query kept for the active connection's view, if any. */
  kept(kind: MirrorKind): string | undefined {
    // Kept only per connection: a query saved before that would be another service's.
    return this.choices.read(this.lists[kind].viewId, SEARCH_KEY, parseQuery, () => undefined);
  }

  private async rerun(): Promise<void> {
    for (const kind of KINDS) {
      const query = this.kept(kind);
      if (query !== undefined) await this.show(kind, query);
      else this.clearView(kind);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

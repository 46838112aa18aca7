// Commands of the trees: sort and filter the recommendations, choose the time window of the
// Locations and Events views, the external-updates flag, the events' start window and location.
// Each takes an optional argument so that tests (and keybindings) need no quick pick.
import * as vscode from 'vscode';
import type { Location } from '../../api/model';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import type { ListNode } from '../views/paged-list';
import { type SortOrder, SORT_ORDERS, parseScoreRange } from '../views/recommendation-filter';
import type { RecommendationsList } from '../views/recommendations-list';
import { integrationName } from '../views/labels';
import { parseTypedSince, windowFromArg } from '../views/time-window';
import { pickWindow } from './window-pick';
import type { WindowedList } from '../views/windowed-list';
import { showError, showInfo, showWarning } from '../ui/notify';
import type { LoadAllResult } from '../../api/paged-source';
import { inertText } from '../ui/inert-text';
import { Commands, ContextKeys, Views } from '../ids';
import { focusView, setContext } from '../context-keys';
import { Settings, affects, updateGlobal } from '../settings';
import { PAGE_SIZES, SettingKeys } from '../setting-keys';
import { formatCount } from '../../webview/shared/format';
import { validateByParsing } from '../ui/input-check';

const t = vscode.l10n.t;

export function registerTreeCommands(recommendations: RecommendationsList, locations: LocationsList, events: EventsList): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.sortRecommendations, (order?: SortOrder) => sortRecommendations(recommendations, order)),
    vscode.commands.registerCommand(Commands.filterRecommendationsByScore, (range?: ScoreRangeArg) => filterByScore(recommendations, range)),
    vscode.commands.registerCommand(Commands.filterRecommendationsByIntegration, (uris?: string[]) => filterByIntegration(recommendations, uris)),
    vscode.commands.registerCommand(Commands.clearRecommendationsFilter, () => {
      recommendations.filter = {};
      return recommendations.wholeLoad;
    }),

    // The "Load all" node under a sort or filter, and the palette.
    vscode.commands.registerCommand(Commands.loadAllRecommendations, async () => {
      const result = await recommendations.loadWhole(true, true);
      // Stopped at the setting's limit: said, not a progress bar that just vanishes (at 31,919
      // pending, Load All stopping at 10,000 would otherwise flash and seem to do nothing).
      if (result?.beyondLimit) void sayLimit(recommendations);
      return result;
    }),

    vscode.commands.registerCommand(Commands.locationsChangedSince, (arg?: unknown) => chooseWindow(locations, arg, t('Locations'))),
    vscode.commands.registerCommand(Commands.eventsChangedSince, (arg?: unknown) => chooseWindow(events, arg, t('Events'))),

    // A command pair with one title each ("…: On" / "…: Off"), shown by the context key the setting
    // sets. A setting, so the choice survives a restart; the session reloads on the change and the
    // views refresh.
    vscode.commands.registerCommand(Commands.onlyExternalUpdatesOn, () => updateGlobal(SettingKeys.onlyExternalUpdates, true)),
    vscode.commands.registerCommand(Commands.onlyExternalUpdatesOff, () => updateGlobal(SettingKeys.onlyExternalUpdates, false)),

    vscode.commands.registerCommand(Commands.eventsStartWindow, (arg?: StartWindowArg) => setStartWindow(events, arg)),
    vscode.commands.registerCommand(Commands.eventsAtLocation, (node?: ListNode<Location> | { id: string; name?: string }) => eventsAtLocation(events, node)),
    vscode.commands.registerCommand(Commands.clearEventsFilter, () => events.setFilter({})),

    watchViewSettings(recommendations, locations, events),
  ];
}

type ScoreRangeArg = string | { minScore?: number; maxScore?: number };
type StartWindowArg = { after?: string | Date; before?: string | Date };

function fail(message: string): void {
  void showError(t('Dedup Curator: {0}', message));
}

async function sortRecommendations(recommendations: RecommendationsList, order?: SortOrder): Promise<unknown> {
  if (order === undefined) {
    const labels: Record<SortOrder, string> = { server: t('Server order'), 'score-desc': t('Score, highest first'), 'score-asc': t('Score, lowest first'), informative: t('Most informative first (triage: what teaches it most)') };
    const picked = await vscode.window.showQuickPick(
      SORT_ORDERS.map((o) => ({ label: labels[o], order: o, picked: o === recommendations.sort, description: o === recommendations.sort ? t('current') : undefined })),
      { title: t('Dedup Curator: Sort Recommendations') },
    );
    if (!picked) return;
    order = picked.order;
  }
  if (!SORT_ORDERS.includes(order)) return fail(t('unknown sort order "{0}"', String(order)));
  recommendations.sort = order;
  // A sort loads the whole list first (the service cannot sort); callers may wait for it.
  return partialSaid(recommendations);
}

async function filterByScore(recommendations: RecommendationsList, range?: ScoreRangeArg): Promise<unknown> {
  if (range === undefined) {
    range = await vscode.window.showInputBox({
      title: t('Dedup Curator: Filter by Score'),
      prompt: t('0.9 or 90% (at least), 0.8-0.95 (between), -0.5 (at most); empty for any score'),
      ignoreFocusOut: true,
      validateInput: validateByParsing(parseScoreRange),
    });
    if (range === undefined) return;
  }
  const parsed = typeof range === 'string' ? parseScoreRange(range) : range;
  if ('error' in parsed) return fail(parsed.error);
  recommendations.filter = { ...recommendations.filter, minScore: parsed.minScore, maxScore: parsed.maxScore };
  return partialSaid(recommendations);
}

async function filterByIntegration(recommendations: RecommendationsList, uris?: string[]): Promise<unknown> {
  if (uris === undefined) {
    const seen = recommendations.integrationsSeen();
    if (!seen.length) return void showInfo(t('No recommendations are loaded yet.'));
    const current = new Set(recommendations.filter.integrations ?? []);
    const picked = await vscode.window.showQuickPick(
      seen.map((u) => ({ label: inertText(integrationName(u)), description: inertText(u), picked: current.has(u), uri: u })),
      {
        title: recommendations.hasMore
          ? t('Dedup Curator: Filter by Integration (those seen {0})', recommendations.loadedText())
          : t('Dedup Curator: Filter by Integration'),
        canPickMany: true,
      },
    );
    if (!picked) return;
    uris = picked.map((p) => p.uri);
  }
  recommendations.filter = { ...recommendations.filter, integrations: uris.length ? uris : undefined };
  return partialSaid(recommendations);
}

async function setStartWindow(events: EventsList, arg?: StartWindowArg): Promise<void> {
  const window = arg ?? (await askStartWindow(events));
  if (!window) return;
  const after = toDate(window.after);
  const before = toDate(window.before);
  if ('error' in after) return fail(after.error);
  if ('error' in before) return fail(before.error);
  if (after.date && before.date && after.date > before.date) return fail(t('"start after" is later than "start before"'));
  await events.setFilter({ ...events.filter, startAfter: after.date, startBefore: before.date });
}

async function eventsAtLocation(events: EventsList, node?: ListNode<Location> | { id: string; name?: string }): Promise<void> {
  const loc = node && 'kind' in node ? (node.kind === 'record' ? node.record : undefined) : node;
  if (!loc?.id) return fail(t('choose a location in the Locations view'));
  await focusView(Views.events);
  await events.setFilter({ ...events.filter, location: { id: loc.id, name: loc.name ?? undefined } });
}

async function chooseWindow<T>(list: WindowedList<T>, arg: unknown, which: string): Promise<void> {
  const lastLook = list.lastLookTime();
  if (arg === undefined) arg = await pickWindow(lastLook, which);
  if (arg === undefined) return;
  const spec = windowFromArg(arg, lastLook);
  if ('error' in spec) return fail(spec.error);
  await list.setWindow(spec);
}

/**
 * The views' own settings: a page size reloads its list, the external-updates flag and the default
 * window reload Locations and Events; the context key behind the On/Off title actions follows.
 */
function watchViewSettings(recommendations: RecommendationsList, locations: LocationsList, events: EventsList): vscode.Disposable {
  const setKey = () => void setContext(ContextKeys.onlyExternalUpdates, Settings.onlyExternalUpdates());
  setKey();
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (affects(e, SettingKeys.onlyExternalUpdates)) setKey();
    if (affects(e, PAGE_SIZES.recommendations.key)) void recommendations.refresh();
    for (const [list, key] of [[locations, 'locations'], [events, 'events']] as const) {
      if (affects(e, PAGE_SIZES[key].key, SettingKeys.onlyExternalUpdates, SettingKeys.defaultTimeWindow)) void list.refresh();
    }
  });
}

async function askStartWindow(events: EventsList): Promise<{ after?: string; before?: string } | undefined> {
  const ask = (title: string, current: Date | undefined) =>
    vscode.window.showInputBox({
      title,
      prompt: t('A date, a local date and time, or a UTC timestamp; empty for no bound'),
      value: current?.toISOString() ?? '',
      ignoreFocusOut: true,
      validateInput: validateByParsing(toDate),
    });
  const after = await ask(t('Dedup Curator: Events starting after'), events.filter.startAfter);
  if (after === undefined) return undefined;
  const before = await ask(t('Dedup Curator: Events starting before'), events.filter.startBefore);
  if (before === undefined) return undefined;
  return { after, before };
}

/** A start bound: empty means none; future dates are fine here (unlike "changed since"). */
function toDate(value: string | Date | undefined): { date?: Date } | { error: string } {
  if (value === undefined || value === '') return {};
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { error: t('The date is invalid') } : { date: value };
  const r = parseTypedSince(value, Number.POSITIVE_INFINITY);
  return 'error' in r ? r : { date: r.since };
}

/** Load All stopped at dedupCurator.wholeListLimit: what is loaded, and where to change the limit. */
/**
 * The whole-list load a sort or filter started; when the limit stopped it, a warning says that the
 * order covers only the first part of the list ("lowest first" over the first
 * 10,000 of 31,919, all at 100 %, looked like "highest first" and the view's line went unread), and
 * offers to raise the limit. Not awaited: the command's callers wait for the load only.
 */
async function partialSaid(list: RecommendationsList): Promise<LoadAllResult | undefined> {
  const result = await list.wholeLoad;
  if (result?.beyondLimit) void sayPartialOrder(list);
  return result;
}

async function sayPartialOrder(list: RecommendationsList): Promise<void> {
  const loaded = list.loaded().length;
  const total = list.knownTotal;
  const scope = list.describeScope({ among: false });
  if (!scope || total === undefined || total <= loaded) return;
  const raise = t('Raise the Limit to {0} and Load', formatCount(total));
  const openSetting = t('Open Setting');
  const answer = await showWarning(
    t(
      'Only part of the list is in this order ({0}): the first {1} of {2} pending recommendations, as the service lists them. The other {3} are not loaded, so they are not sorted or filtered in — what comes first here may not come first in the whole list. The setting dedupCurator.wholeListLimit stops the load at {1}.',
      scope,
      formatCount(loaded),
      formatCount(total),
      formatCount(total - loaded),
    ),
    raise,
    openSetting,
  );
  if (answer === raise) {
    await updateGlobal(SettingKeys.wholeListLimit, total);
    await list.loadWhole(true);
  } else if (answer === openSetting) {
    await vscode.commands.executeCommand('workbench.action.openSettings', `dedupCurator.${SettingKeys.wholeListLimit}`);
  }
}

async function sayLimit(list: RecommendationsList): Promise<void> {
  const openSetting = t('Open Setting');
  const answer = await showInfo(
    t(
      'Loaded {0} of {1} pending recommendations: the setting dedupCurator.wholeListLimit allows no more. Sorts and filters see these only; raise the limit to load more.',
      formatCount(list.loaded().length),
      formatCount(list.knownTotal ?? list.loaded().length),
    ),
    openSetting,
  );
  if (answer === openSetting) await vscode.commands.executeCommand('workbench.action.openSettings', `dedupCurator.${SettingKeys.wholeListLimit}`);
}

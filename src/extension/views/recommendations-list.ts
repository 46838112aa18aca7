// Pending recommendations: the entities' names, the score as a percentage with a coloured cue, the
// integrations involved; children are the entities. The view's badge shows the pending total.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { LoadAllResult } from '../../api/paged-source';
import type { PendingBacklog } from '../../curation/pending-backlog';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { LastLook } from './last-look';
import { PagedList } from './paged-list';
import { addressLine, integrationName, tooltipLines, percent, recommendationLabel, scoreIcon } from './labels';
import { type RecommendationFilter, type SortOrder, describeFilter, isFiltered, matches, sortRecords } from './recommendation-filter';
import { parseRecommendationFilter, parseSortOrder } from './view-choices';
import type { TriageState } from '../triage/triage-state';
import { flagSentence, flagsText } from '../triage/flag-labels';
import { Commands, ContextKeys, TreeItemKinds } from '../ids';
import { setContext } from '../context-keys';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';

/** The sort in words for the view's header and the queue's. */
function sortText(order: SortOrder): string {
  return order === 'score-desc' ? vscode.l10n.t('score ↓') : order === 'score-asc' ? vscode.l10n.t('score ↑') : vscode.l10n.t('most informative first');
}

/**
 * The service can neither sort nor filter, so a sort or a filter loads the whole list first (with
 * progress, up to the setting dedupCurator.wholeListLimit) and then acts on all of it. When the
 * load stopped short (Cancel, the limit) the header says exactly what was searched ("among 50
 * loaded of 206") and the list ends with "Load all".
 */
export class RecommendationsList extends PagedList<Recommendation> {
  constructor(
    viewId: string,
    session: Session,
    errors: ErrorReporter,
    lastLook: LastLook | undefined,
    /** The pending recommendations this tree draws: the backlog every view and decision shares. */
    readonly backlog: PendingBacklog,
  ) {
    super(viewId, session, errors, lastLook, backlog.source);
  }

  protected readonly noun = vscode.l10n.t('pending recommendations');
  protected readonly listKey = 'recommendations';
  private filterValue: RecommendationFilter = {};
  private sortValue: SortOrder = 'server';

  get filter(): RecommendationFilter {
    return this.filterValue;
  }

  set filter(f: RecommendationFilter) {
    this.applyFilter(f);
    void this.choices?.write(this.viewId, 'filter', f);
    this.redraw();
    void this.loadWhole(true);
  }

  private applyFilter(f: RecommendationFilter): void {
    this.filterValue = f;
    void setContext(ContextKeys.recommendationsFiltered, isFiltered(f));
  }

  get sort(): SortOrder {
    return this.sortValue;
  }

  set sort(order: SortOrder) {
    this.sortValue = order;
    void this.choices?.write(this.viewId, 'sort', order);
    this.redraw();
    void this.loadWhole(true);
  }

  /** How the last whole-list load for a sort or filter ended; undefined while none applies. */
  private wholeResult: LoadAllResult | undefined;
  /** The whole-list load a sort or filter started (the commands return it, so callers can wait). */
  wholeLoad: Promise<LoadAllResult | undefined> = Promise.resolve(undefined);

  /** Whether what the view shows depends on records not loaded yet. */
  private wantsWhole(): boolean {
    return this.sortValue !== 'server' || isFiltered(this.filterValue);
  }

  /** Whether the sort or filter on screen covers only part of the list. */
  private get partial(): boolean {
    return this.wantsWhole() && this.hasMore;
  }

  /**
   * Loads every page a sort or filter needs (with `always`, also without one: "Load All" from the
   * palette); `notify` when the user just asked for it.
   */
  loadWhole(notify: boolean, always = false): Promise<LoadAllResult | undefined> {
    if (!this.wantsWhole() && !always) return (this.wholeLoad = Promise.resolve(undefined));
    this.wholeLoad = this.loadAll(Settings.wholeListLimit(), notify).then((r) => {
      this.wholeResult = r;
      this.redraw();
      return r;
    });
    return this.wholeLoad;
  }

  /** A Retry after a whole-list load stopped on a failed page goes on through loadWhole, so the header learns how it ended. */
  protected override continueAll(): Promise<unknown> {
    return this.loadWhole(true, true);
  }

  override async refresh(): Promise<void> {
    this.wholeResult = undefined;
    await super.refresh();
    await this.loadWhole(false);
  }

  /**
   * The view's sort and filter in words, with what was searched when it is not the whole list, or
   * undefined when the view shows the service's list as it is. The review queue follows the view's
   * sort and filter and shows this in its header.
   */
  describeScope(opts: { among?: boolean } = {}): string | undefined {
    if (!this.wantsWhole()) return undefined;
    const parts: string[] = [];
    if (isFiltered(this.filterValue)) parts.push(vscode.l10n.t('filtered: {0}', describeFilter(this.filterValue)));
    if (this.sortValue !== 'server') parts.push(sortText(this.sortValue));
    if (this.partial && opts.among !== false) parts.push(this.amongText());
    return parts.join(' · ');
  }

  /** "among 50 loaded of 206". */
  private amongText(): string {
    const n = formatCount(this.records.length);
    return this.total !== undefined ? vscode.l10n.t('among {0} loaded of {1}', n, formatCount(this.total)) : vscode.l10n.t('among {0} loaded', n);
  }

  protected override moreItem(item: vscode.TreeItem): vscode.TreeItem {
    if (!this.wantsWhole()) return item;
    item.label = vscode.l10n.t('Load all ({0}) to sort and filter the whole list', this.loadedText());
    item.iconPath = new vscode.ThemeIcon('cloud-download');
    item.command = { command: Commands.loadAllRecommendations, title: vscode.l10n.t('Load All') };
    return item;
  }

  protected override restoreChoices(): void {
    this.sortValue = this.choices?.read(this.viewId, 'sort', parseSortOrder) ?? 'server';
    this.applyFilter(this.choices?.read(this.viewId, 'filter', parseRecommendationFilter) ?? {});
  }

  /** The previous load's count and badge go at once (after a switch they were another service's). */
  protected override cleared(): void {
    this.updateBadge();
  }

  protected override visible(): readonly Recommendation[] {
    const kept = isFiltered(this.filterValue) ? this.records.filter((r) => matches(r, this.filterValue)) : this.records;
    return sortRecords(kept, this.sortValue, this.sortValue === 'informative' ? this.triage?.informativeRank(this) : undefined);
  }

  /** Unsure marks, flags and the informative order (from triage); set once at activation. */
  private triage: TriageState | undefined;

  useTriage(triage: TriageState): vscode.Disposable {
    this.triage = triage;
    return triage.onDidChange(() => this.redraw());
  }


  /** The integrations of the loaded recommendations' entities, for the filter's quick pick. */
  integrationsSeen(): string[] {
    const seen = new Set<string>();
    for (const r of this.records) for (const e of r.entities) if (e.integration) seen.add(e.integration);
    return [...seen].sort();
  }

  protected recordItem(r: Recommendation): vscode.TreeItem {
    const label = recommendationLabel(r, { compact: true });
    // The score leads the row: long names push the description out of a narrow side bar.
    const score = percent(r.score);
    const item = new vscode.TreeItem({ label: `${score} ${label}`, highlights: [[0, score.length]] }, vscode.TreeItemCollapsibleState.Collapsed);
    const integrations = [...new Set(r.entities.map((e) => integrationName(e.integration)))];
    item.id = r['@id'];
    const unsure = this.triage?.isUnsure(r['@id']);
    const flags = this.triage ? flagsText(this.triage.flagsOf(r, this)) : '';
    // Plain strings: a description is shown as text, so record data stays inert.
    item.description = [unsure ? vscode.l10n.t('unsure') : '', flags, integrations.join(', ')].filter(Boolean).join(' · ');
    item.iconPath = unsure ? new vscode.ThemeIcon('question', new vscode.ThemeColor('charts.purple')) : scoreIcon(r.score);
    item.contextValue = unsure ? TreeItemKinds.unsureRecommendation : TreeItemKinds.recommendation;
    // A click opens the comparison as a preview (comparison-panels.ts; the twistie still expands the entities).
    item.command = { command: Commands.openComparison, title: vscode.l10n.t('Open Comparison'), arguments: [r, { preview: true }] };
    return item;
  }

  protected override recordTooltip(r: Recommendation): string {
    const mark = this.triage?.unsure(r['@id']);
    const flags = (this.triage?.flagsOf(r, this) ?? []).filter((f) => f !== 'unsure');
    return tooltipLines([
      [vscode.l10n.t('Score'), percent(r.score)],
      [vscode.l10n.t('Recommendation'), r['@id']],
      [vscode.l10n.t('Unsure'), mark ? mark.note || vscode.l10n.t('(no note)') : undefined],
      ...flags.map((f): [string, string] => [vscode.l10n.t('Flag'), flagSentence(f)]),
      ...r.entities.map((e, i): [string, string] => [vscode.l10n.t('Entity {0}', formatCount(i + 1)), `${e.name ?? ''} (${integrationName(e.integration)}) ${addressLine(e.address)}`]),
    ]);
  }

  protected override childItems(r: Recommendation): vscode.TreeItem[] {
    return r.entities.map((e) => {
      const item = new vscode.TreeItem(e.name || e['@id']);
      item.id = `${r['@id']}|${e['@id']}`;
      item.description = `${integrationName(e.integration)} · ${e.sourceId ?? ''}`;
      item.iconPath = new vscode.ThemeIcon('location');
      item.contextValue = TreeItemKinds.recommendationEntity;
      item.tooltip = tooltipLines([
        [vscode.l10n.t('Name'), e.name],
        [vscode.l10n.t('Address'), addressLine(e.address)],
        [vscode.l10n.t('Telephone'), e.telephone],
        [vscode.l10n.t('URL'), e.url],
        [vscode.l10n.t('Integration'), e.integration],
        [vscode.l10n.t('Source id'), e.sourceId],
        [vscode.l10n.t('Entity'), e['@id']],
      ]);
      return item;
    });
  }

  protected override summary(): string | undefined {
    this.updateBadge();
    if (isFiltered(this.filterValue) && !this.visible().length) {
      return this.hasMore
        ? vscode.l10n.t('None of the {0} loaded recommendations match the filter. Load all, or clear the filter.', formatCount(this.records.length))
        : vscode.l10n.t('No pending recommendation matches the filter.');
    }
    return this.partialMessage();
  }

  /** Why a sort or filter covers only part of the list, and what to do about it. */
  private partialMessage(): string | undefined {
    const r = this.wholeResult;
    if (!this.partial || !r) return undefined;
    if (r.beyondLimit) {
      return vscode.l10n.t(
        'Sorted and filtered {0} only: the list is longer than the {1} the setting dedupCurator.wholeListLimit allows to load.',
        this.amongText(),
        formatCount(Settings.wholeListLimit()),
      );
    }
    return vscode.l10n.t('Sorted and filtered {0} only (loading stopped). "Load all" at the end of the list loads the rest.', this.amongText());
  }

  protected override emptyMessage(): string {
    this.updateBadge();
    return vscode.l10n.t('No pending recommendations: every candidate duplicate has been decided.');
  }

  private updateBadge(): void {
    if (!this.view) return;
    const pending = this.total !== undefined ? formatCount(this.total) : undefined;
    this.view.badge = this.total ? { value: this.total, tooltip: vscode.l10n.t('{0} pending recommendations', pending!) } : undefined;
    const parts = pending !== undefined ? [vscode.l10n.t('{0} pending', pending)] : [];
    if (isFiltered(this.filterValue)) parts.push(vscode.l10n.t('filtered: {0} · {1} shown', describeFilter(this.filterValue), formatCount(this.visible().length)));
    if (this.sortValue !== 'server') parts.push(sortText(this.sortValue));
    if (this.partial) parts.push(this.amongText());
    this.view.description = parts.join(' · ') || undefined;
  }

  /** The recommendation `id` if this tree has it loaded. */
  find(id: string): Recommendation | undefined {
    return this.backlog.find(id);
  }
}

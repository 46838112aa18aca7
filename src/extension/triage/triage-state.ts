// What the extension knows for triage: the curator's answers read back from the decision
// journal (decisions and unsure marks), the flags of the loaded recommendations, and the "most
// informative first" order. Read from the journal at start and again after every append (also
// another window's), so an unsure mark survives a reload and a decision anywhere teaches at once.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import { clearedUnsureLine, type DecisionJournal, type JournalConnection, type JournalContents, journalConnection, journalOfConnection, readJournal, type TriageGroupRef, unsureLine } from '../../curation/journal';
import { type UnsureMark, unsureMarks } from '../../curation/unsure';
import type { Flag } from '../../triage/flags';
import type { PairScoring } from '../../triage/pair-scoring';
import type { BulkSoFar } from '../../triage/journal-tally';
import { Settings } from '../settings';
import { ListMemo } from '../../triage/list-memo';
import type { FeatureCache, TriageLabel, TriageResult } from '../../triage/triage';
import { loadTriageCore, TriageCoreError, type TriageCore } from './triage-core';

/** Setting dedupCurator.triage.targetPrecision: what a group decision must keep. */
export function targetPrecision(): number {
  return Settings.triageTargetPrecision();
}

/** Setting dedupCurator.triage.targetRecall: what group rejections together must keep of the true matches. */
export function targetRecall(): number {
  return Settings.triageTargetRecall();
}

/** The loaded recommendations of a list, with the revision that counts their changes (PagedList). */
export interface LoadedRecords {
  loaded(): readonly Recommendation[];
  readonly revision: number;
}

export class TriageState implements vscode.Disposable {
  private marks = new Map<string, UnsureMark>();
  /** The journal as last read, all services. */
  private contents: JournalContents = { entries: [], skippedLines: 0, unsure: [], runs: [] };
  /** The answers of the active service (derived from `contents` for one scope and version). */
  private answers: { scope: string | undefined; version: number; labels: TriageLabel[]; bulkSoFar: BulkSoFar; bulkRejected: string[][]; auditSpent: number } | undefined;
  /**
   * The triage core (dist/triage.js), loaded with the first read of the journal. Until then the
   * tree shows no flags and no informative order; the change event redraws it once the read is done.
   */
  private loadedCore: TriageCore | undefined;
  /** Why the core could not be loaded, if it could not (said by whatever needs it). */
  private coreError: TriageCoreError | undefined;
  private featureCache: FeatureCache | undefined;
  private cacheScope: string | undefined;
  /**
   * The journal's copies of recommendations get a cache of their own: an unsure one is both in the
   * journal (with the fields the journal keeps) and pending (as the service sends it), under one
   * id, and the tree must see the live one's features, as a fresh triage does.
   */
  private journalCache: FeatureCache | undefined;
  /** Bumped whenever the answers change: the memos below are for one version. */
  private version = 0;
  private readonly flagMemo = new ListMemo<Map<string, Flag[]>>();
  /** The last triage of the whole backlog, and the service it was for. */
  private whole: { scope: string | undefined; result: TriageResult } | undefined;
  private readonly rankMemo = new ListMemo<{ rank: Map<string, number>; draws: Map<string, number>; items: TriageResult['items'] }>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The marks or the labels changed (the tree redraws, panels refresh their notes). */
  readonly onDidChange = this.changed.event;
  private readonly unsubscribe: () => void;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles when the journal has been read once. */
  loaded: Promise<void>;

  constructor(
    private readonly journal: DecisionJournal,
    private readonly log: vscode.LogOutputChannel,
    /** The active service's base URL: features and marks are per service (see `cache`). */
    private readonly scope: () => string | undefined = () => undefined,
    /** Where the core comes from (tests give one that fails, as a missing dist/triage.js would). */
    private readonly coreLoader: () => Promise<TriageCore> = loadTriageCore,
  ) {
    // A bulk run appends hundreds of lines: read the journal again once they have settled.
    this.unsubscribe = journal.onDidAppend(() => {
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), 150);
    });
    this.loaded = this.reload().then(() => undefined);
  }

  /** Reads the journal again (a window reload does the same at start). */
  /** Reads the journal again; false (logged) when it cannot be read, and then nothing changes. */
  async reload(): Promise<boolean> {
    try {
      const contents = await readJournal(this.journal.path);
      this.marks = unsureMarks(contents);
      await this.loadCore();
      this.contents = contents;
    } catch (e) {
      if (e instanceof TriageCoreError) this.log.error(`triage: ${e.message}`);
      else this.log.warn(`triage: the decision journal could not be read: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
    this.version++;
    this.changed.fire();
    return true;
  }

  /** Loads the core once; a failure is kept (and logged by reload) for whatever needs the core. */
  private async loadCore(): Promise<TriageCore> {
    try {
      this.loadedCore ??= await this.coreLoader();
      this.coreError = undefined;
      return this.loadedCore;
    } catch (e) {
      this.coreError = e instanceof TriageCoreError ? e : new TriageCoreError(String(e));
      throw this.coreError;
    }
  }

  /**
   * The core, for what cannot work without it (a triage run, the comparison's pair scores): loaded
   * with the journal (await `loaded` first); a TriageCoreError that says why if it could not be.
   */
  core(): TriageCore {
    if (this.loadedCore) return this.loadedCore;
    throw this.coreError ?? new TriageCoreError(vscode.l10n.t('Dedup Curator: triage is still loading; try again in a moment.'));
  }

  /** The core is loaded (flags, runs and pair scores can be computed now). */
  get hasCore(): boolean {
    return this.loadedCore !== undefined;
  }

  /** Why the core could not be loaded, in words for the curator, if it could not. */
  get coreProblem(): string | undefined {
    return this.coreError?.message;
  }

  /** The matcher's pair scores for the comparison panel (from the core). */
  pairScoring(): PairScoring {
    return this.core().PAIR_SCORING;
  }

  /** The journal file the marks are read from (a new TriageState over it sees what a reload sees). */
  get journalPath(): string {
    return this.journal.path;
  }

  /**
   * Features by recommendation id, for the active service only. Ids are each service's own: two
   * services (or a sandbox started again with other data) may give one id to other entities, and
   * features cached from the one would be the other's (seen with two sandboxes in one window).
   */
  get cache(): FeatureCache {
    const scope = this.scope();
    if (scope !== this.cacheScope || !this.featureCache) {
      this.cacheScope = scope;
      this.featureCache = new (this.core().FeatureCache)();
    }
    return this.featureCache;
  }

  /** A mark counts on the service it was made on (marks of older journals name none: they count). */
  private here(mark: UnsureMark | undefined): UnsureMark | undefined {
    const scope = this.scope();
    if (!mark?.connection || scope === undefined) return mark;
    return mark.connection.baseUrl === journalConnection(scope, '').baseUrl ? mark : undefined;
  }

  unsure(id: string): UnsureMark | undefined {
    return this.here(this.marks.get(id));
  }

  isUnsure(id: string): boolean {
    return this.unsure(id) !== undefined;
  }

  get labels(): readonly TriageLabel[] {
    return this.answersHere().labels;
  }

  /**
   * The active service's answers: its decisions as labels, what its group decisions spent of the
   * error budget (a triage admits against the whole), the entities of its bulk rejections (a chain's
   * remaining links stay flagged). Only that service's lines of the journal count (journalOfConnection).
   */
  private answersHere(): NonNullable<TriageState['answers']> {
    const scope = this.scope();
    const kept = this.answers;
    if (kept && kept.scope === scope && kept.version === this.version) return kept;
    const core = this.loadedCore;
    // Before the core is loaded there are no answers yet (the tree shows no flags for a moment).
    const none = { size: 0, expectedWrong: 0, variance: 0, unseen: 0 };
    if (!core) return { scope, version: -1, labels: [], bulkSoFar: { approve: none, reject: none }, bulkRejected: [], auditSpent: 0 };
    const here = journalOfConnection(this.contents, scope);
    // The journal's copies are cached per service too: ids are each service's own.
    if (kept?.scope !== scope || !this.journalCache) this.journalCache = new core.FeatureCache();
    this.answers = { scope, version: this.version, labels: core.labelsFromContents(here, this.journalCache), bulkSoFar: core.bulkTallyFromJournal(here.entries), bulkRejected: core.bulkRejectionsFromJournal(here.entries), auditSpent: core.auditSpentFromJournal(here.entries) };
    return this.answers;
  }

  /** The marks standing now, newest first (Clear Unsure Mark's pick). */
  marked(): UnsureMark[] {
    return [...this.marks.values()].filter((m) => this.here(m)).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  /** Marks a recommendation unsure: journalled, never sent to the service. */
  async markUnsure(connection: JournalConnection, rec: Recommendation, note: string | undefined): Promise<void> {
    const line = unsureLine(connection, rec, note);
    await this.journal.append(line);
    this.marks.set(rec['@id'], { id: line.id, at: line.at, note: line.note, score: line.score, entities: line.entities, connection });
    await this.answersChanged();
  }

  /**
   * Takes a mark back (Clear Unsure Mark): a clearing line in the journal, the source of truth;
   * nothing is sent to the service. The recommendation is plain pending again: in bulk and group
   * decisions, asked by "most informative first".
   */
  async clearUnsure(connection: JournalConnection, mark: Pick<UnsureMark, 'id' | 'score' | 'entities'>): Promise<void> {
    await this.journal.append(clearedUnsureLine(connection, mark));
    this.marks.delete(mark.id);
    await this.answersChanged();
  }

  /**
   * After our own mark or clearing: the labels are read again at once (not after the append's
   * debounce), so a group decision or triage run right after it sees the answer. The marks were
   * set above, so a failed read still shows them: then (only) the change is announced here.
   */
  private async answersChanged(): Promise<void> {
    if (await this.reload()) return;
    this.version++;
    this.changed.fire();
  }

  /** The flags of one of a list's loaded records ("chain" looks among them). */
  flagsOf(rec: Recommendation, list: LoadedRecords): Flag[] {
    const core = this.loadedCore;
    if (!core) return [];
    const { recordFlags } = core;
    const records = list.loaded();
    // The service is part of the key: the feature cache and the marks are per service.
    const { labels, bulkRejected } = this.answersHere();
    const flags = this.flagMemo.get({ records, revision: list.revision, answers: this.version, extra: this.scope() }, () => recordFlags(records, labels, this.cache, bulkRejected));
    return flags.get(rec['@id']) ?? recordFlags([rec], labels, this.cache, bulkRejected).get(rec['@id']) ?? [];
  }

  /** The flags of every one of `records`, "chain" looking among them (a bulk selection). */
  flagsAmong(records: readonly Recommendation[]): Map<string, Flag[]> {
    const { labels, bulkRejected } = this.answersHere();
    return this.core().recordFlags(records, labels, this.cache, bulkRejected);
  }

  /** A whole triage run over `pending` with the journal's answers (await `loaded` first). */
  run(pending: readonly Recommendation[]): TriageResult {
    const { labels, bulkSoFar, bulkRejected, auditSpent } = this.answersHere();
    return this.core().triage(pending, labels, { targetPrecision: targetPrecision(), targetRecall: targetRecall(), bulkSoFar, bulkRejected, auditSpent }, this.cache);
  }

  /** "Most informative first": id → place; items triage does not ask for (safe groups, unsure) have none. */
  informativeRank(list: LoadedRecords): Map<string, number> | undefined {
    return this.ranked(list)?.rank;
  }

  /**
   * The audit draw number of a loaded recommendation, if triage's audit sample drew it (the queue
   * journals the number with the answer, so the answer counts for the certificate: triage/audit.ts).
   */
  auditDraw(list: LoadedRecords, id: string): number | undefined {
    return this.ranked(list)?.draws.get(id);
  }

  /**
   * The triage group a recommendation is in now (its flags, and whether it leads its chain),
   * journalled with a decision about it so that the answer counts for that group after a reload, as
   * a triage run's own labels do (journal.ts StartedLine.triage). From the triage of the loaded list,
   * else of the whole backlog's last triage (runWhole), else of the loaded list with it (a panel
   * restored after a reload, before any triage saw its record). Undefined without the triage part:
   * the answer then counts for the plain group of its pattern, and the decision is taken all the same.
   */
  groupRef(list: LoadedRecords, rec: Recommendation): TriageGroupRef | undefined {
    return this.groupRefs(list, [rec]).get(rec['@id']);
  }

  /** groupRef of each of `recs` (a bulk run's targets): those no triage saw are triaged once, together, with the loaded list. */
  groupRefs(list: LoadedRecords, recs: readonly Recommendation[]): Map<string, TriageGroupRef | undefined> {
    const refs = new Map<string, TriageGroupRef | undefined>();
    const core = this.loadedCore;
    if (!core) return refs;
    const ranked = this.ranked(list)?.items;
    // One the tree has not loaded (a group reviewed from the Triage panel) is in the whole backlog's
    // last triage, if it was for this service.
    const whole = this.whole && this.whole.scope === this.scope() ? this.whole.result.items : undefined;
    const unseen: Recommendation[] = [];
    for (const rec of recs) {
      const item = ranked?.get(rec['@id']) ?? whole?.get(rec['@id']);
      if (item) refs.set(rec['@id'], core.groupRefOf(item));
      else unseen.push(rec);
    }
    if (unseen.length) {
      const items = this.run([...list.loaded(), ...unseen]).items;
      for (const rec of unseen) refs.set(rec['@id'], core.groupRefOf(items.get(rec['@id'])));
    }
    return refs;
  }

  /** A triage of the whole backlog (the Triage panel, a group decision): kept for groupRef of the records the tree has not loaded. */
  runWhole(pending: readonly Recommendation[]): TriageResult {
    const result = this.run(pending);
    this.whole = { scope: this.scope(), result };
    return result;
  }

  private ranked(list: LoadedRecords): { rank: Map<string, number>; draws: Map<string, number>; items: TriageResult['items'] } | undefined {
    const core = this.loadedCore;
    if (!core) return undefined;
    const records = list.loaded();
    const key = { records, revision: list.revision, answers: this.version, extra: `${this.scope()}|${targetPrecision()}|${targetRecall()}` };
    return this.rankMemo.get(key, () => {
      const result = this.run(records);
      return { rank: new Map(core.informativeOrder(result).map((id, i) => [id, i])), draws: core.auditDrawsOf(result), items: result.items };
    });
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    this.unsubscribe();
    this.changed.dispose();
  }
}

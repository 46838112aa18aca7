// Entry point of the VS Code extension: wires the editor-independent core (src/api, src/sandbox)
// to thin VS Code adapters. Everything created here is registered in context.subscriptions so that
// deactivation releases it.
import * as vscode from 'vscode';
import { AdvancingClock } from '../api/clock';
import { useLocale } from '../webview/shared/format';
import { registerConnectionCommands, importTokenFromEnvironment } from './commands/connection-commands';
import { registerDecisionCommands } from './commands/decision-commands';
import { registerSandboxCommand } from './commands/sandbox-command';
import { type ComparisonPanels, registerComparisonPanel } from './panels/comparison-panels';
import { registerRecordPanels } from './panels/record-panel-commands';
import { registerBulkCommands } from './curation/bulk-commands';
import { createCuration } from './curation/context';
import { reportNotSent } from './curation/not-sent';
import { reportInterruptedRuns } from './curation/interrupted-runs';
import { registerExportCommands } from './curation/export-commands';
import { registerJournalCommands } from './curation/journal-commands';
import { registerTreeCommands } from './commands/tree-commands';
import { windowPicks } from './commands/window-pick';
import { registerUnsureCommand } from './commands/unsure-command';
import { registerClearUnsureCommand } from './commands/clear-unsure-command';
import { registerBlindCommand } from './commands/blind-command';
import { registerGroupCommand } from './curation/group-command';
import { registerProductionCommand } from './commands/production-command';
import { type TriagePanels, registerTriagePanel } from './panels/triage-panel';
import { Session } from './connection/session';
import { sessionBacklog } from './connection/session-pages';
import type { PendingBacklog } from '../curation/pending-backlog';
import { TokenStore } from './connection/token-store';
import { ErrorReporter } from './error-reporter';
import type { TriageState } from './triage/triage-state';
import { ConnectionStatusBar } from './status-bar';
import { type RecordFinder, registerFindCommands } from './mirror/find-commands';
import { MirrorService } from './mirror/mirror-service';
import { MirrorStatusBar } from './mirror/mirror-status';
import { ViewSearch } from './mirror/view-search';
import { LastLook } from './views/last-look';
import { EventsList } from './views/events-list';
import { LocationsList } from './views/locations-list';
import type { PagedList } from './views/paged-list';
import { RecommendationsList } from './views/recommendations-list';
import { ViewChoices } from './views/view-choices';
import { Commands, Views } from './ids';

/**
 * What activate() returns (`vscode.extensions.getExtension(id).exports`): the integration tests
 * read the trees' contents through it, as a user reads them on screen.
 */
export interface DedupCuratorApi {
  session: Session;
  recommendations: RecommendationsList;
  /** The pending recommendations every view, panel and decision shares. */
  backlog: PendingBacklog;
  locations: LocationsList;
  events: EventsList;
  errors: ErrorReporter;
  /** The clock of the burst windows (ErrorReporter): the integration tests advance it to close a window at once. */
  clock: AdvancingClock;
  statusBar: ConnectionStatusBar;
  /** Settles when the session knows its first state (activate() returns before that). */
  ready: Promise<void>;
  /** performance.now() marks of this activation, for the activation benchmark. */
  timings: { moduleEvaluatedAt: number; activateStartedAt: number; activateEndedAt: number };
  /** The views' kept choices (sort, filters, windows), in the workspace's state. */
  choices: ViewChoices;
  /** The open comparison panels and review queue (the integration tests restore panels through it). */
  comparisons: ComparisonPanels;
  /** Unsure marks, flags and the informative order, as read from the decision journal. */
  triage: TriageState;
  /** The Triage panel, opened or restored after a reload (the integration tests restore it through it). */
  triagePanels: TriagePanels;
  /** The local mirror of the active connection, its Find quick pick and its status bar item. */
  mirrors: MirrorService;
  finder: RecordFinder;
  mirrorStatus: MirrorStatusBar;
  /** Search Locations… / Search Events…: the views show the mirror's hits. */
  viewSearch: ViewSearch;
  /** Show Changed Since…'s quick pick while it is on screen. */
  windowPicks: typeof windowPicks;
}

// When this bundle's code began to run (after VS Code read and compiled it): the activation
// benchmark subtracts it from its own clock to tell loading from activate()'s own work.
const moduleEvaluatedAt = performance.now();

export async function activate(context: vscode.ExtensionContext): Promise<DedupCuratorApi> {
  const activateStartedAt = performance.now();
  // Counts, percents and dates in VS Code's display language, not the operating system's.
  useLocale(vscode.env.language);
  const log = vscode.window.createOutputChannel('Dedup Curator', { log: true });
  const tokens = new TokenStore(context.secrets);
  const session = new Session(tokens, log, context.globalState, context.workspaceState);
  const clock = new AdvancingClock();
  const errors = new ErrorReporter(log, () => session.baseUrl, clock);
  const backlog = sessionBacklog(session);
  context.subscriptions.push(log, tokens, session, backlog);
  const { recommendations, locations, events, lists, choices } = createTrees(context, session, errors, backlog);
  const curation = createCuration(context, session, recommendations, errors, log);
  // The window's sandbox keeps its data in the workspace's storage so a reload finds it as it was.
  const sandboxData = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'local-sandbox').fsPath;
  const [localSandbox, sandboxCommand] = registerSandboxCommand(session, log, sandboxData);
  // The session's first state needs SecretStorage and setContext, round trips to the workbench
  // (15–90 ms, docs/benchmarks.md figure 3), and after a reload perhaps the local sandbox's restart:
  // activation does not wait for them. The views and the status bar follow the session's change
  // event, which this first reload fires; restored panels wait for `ready` before they look up
  // what they showed.
  const ready = importTokenFromEnvironment(session, log)
    .then(() => localSandbox.restore())
    .then((restored) => (restored ? session.state : session.reload()))
    .then(
      () => undefined,
      (e: unknown) => log.error(`the connection could not be set up: ${e instanceof Error ? e.message : String(e)}`),
    );
  session.startingWith(ready);
  const comparisonPanels = registerComparisonPanel(context, { session, list: recommendations, errors, log, curation }, ready);
  const triagePanels = registerTriagePanel(context, curation, ready);
  // Before the record panels: a location panel lists its events from the mirror when it is fresh.
  const mirrors = new MirrorService(session, context.globalStorageUri, log);
  context.subscriptions.push(mirrors);
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.showLog, () => log.show()),
    ...registerConnectionCommands(session, errors),
    ...registerDecisionCommands(session, recommendations, errors, log, curation),
    ...comparisonPanels,
    ...registerRecordPanels(context, session, { locations, events }, errors, log, mirrors),
    ...registerBulkCommands(curation),
    ...registerUnsureCommand(curation),
    ...registerClearUnsureCommand(curation),
    ...registerBlindCommand(),
    ...registerGroupCommand(curation),
    ...registerProductionCommand(session),
    ...triagePanels,
    ...registerJournalCommands(curation),
    ...registerExportCommands(session, { recommendations, locations, events }, errors, log),
    localSandbox,
    sandboxCommand,
    ...registerTreeCommands(recommendations, locations, events),
    // After the commands and panels above: their listeners hear of a new session state first.
    ...registerListCommands(session, lists),
  );
  const statusBar = new ConnectionStatusBar(session, backlog, curation.health);
  context.subscriptions.push(statusBar);
  void ready.then(() => statusBar.show());
  const [finder, findCommands] = registerFindCommands(mirrors);
  const mirrorStatus = new MirrorStatusBar(mirrors);
  const viewSearch = new ViewSearch(mirrors, { locations, events }, choices);
  context.subscriptions.push(...findCommands, mirrorStatus, viewSearch);
  void ready.then(() => mirrorStatus.update());
  // Decisions left unsent by a window closed during their undo period: said once, at the next start.
  const windowStartedAt = new Date();
  void ready
    // One read of the journal for both; each waits for its notification's answer, neither for the other.
    .then(() => curation.journal.read())
    .then((contents) => Promise.all([reportNotSent(curation, context.globalState, contents), reportInterruptedRuns(contents.runs, context.globalState, windowStartedAt)]))
    .catch((e: unknown) => log.warn(`decision journal: ${e instanceof Error ? e.message : String(e)}`));
  const timings = { moduleEvaluatedAt, activateStartedAt, activateEndedAt: performance.now() };
  log.info(`Dedup Curator activated in ${(timings.activateEndedAt - activateStartedAt).toFixed(1)} ms`);
  return { session, recommendations, backlog, locations, events, errors, clock, statusBar, choices, ready, timings, comparisons: comparisonPanels[0], triagePanels: triagePanels[0], triage: curation.triage, mirrors, finder, mirrorStatus, viewSearch, windowPicks };
}

/** The three lists and their tree views, with the views' kept choices. */
function createTrees(context: vscode.ExtensionContext, session: Session, errors: ErrorReporter, backlog: PendingBacklog) {
  const lastLook = new LastLook(context.globalState);
  const recommendations = new RecommendationsList(Views.recommendations, session, errors, lastLook, backlog);
  const locations = new LocationsList(Views.locations, session, errors, lastLook);
  const events = new EventsList(Views.events, session, errors, lastLook);
  const lists = [recommendations, locations, events] as PagedList<unknown>[];
  const choices = new ViewChoices(context.workspaceState, () => session.active?.name);
  for (const list of lists) list.useChoices(choices);
  context.subscriptions.push(...lists);
  for (const list of lists) {
    const view = vscode.window.createTreeView(list.viewId, { treeDataProvider: list, showCollapseAll: true, canSelectMany: list === recommendations });
    list.attach(view);
    context.subscriptions.push(view);
  }
  return { recommendations, locations, events, lists, choices };
}

/** Refresh and Load More of the lists, and their reload when the session has another client. */
function registerListCommands(session: Session, lists: PagedList<unknown>[]): vscode.Disposable[] {
  const refreshAll = () => Promise.all(lists.map((l) => l.refresh()));
  let listsClient: unknown;
  return [
    vscode.commands.registerCommand(Commands.refresh, (viewOrNode?: unknown) => {
      const target = lists.find((l) => l.viewId === (viewOrNode as { id?: string } | undefined)?.id);
      return target ? target.refresh() : refreshAll();
    }),
    vscode.commands.registerCommand(Commands.loadMore, (viewId: string) => lists.find((l) => l.viewId === viewId)?.loadMore()),
    session.onDidChange((state) => {
      // The same client (only the connection's production mark changed): the lists stay as they are.
      const client = state.kind === 'ready' ? state.client : undefined;
      if (client && client === listsClient) return;
      listsClient = client;
      void refreshAll();
    }),
  ];
}

export function deactivate(): void {
  // Nothing to do: every resource is a Disposable in context.subscriptions.
}

// Entry point of the VS Code extension: wires the editor-independent core (src/api, src/sandbox)
// to thin VS Code adapters. Everything created here is registered in context.subscriptions so that
// deactivation releases it.
import * as vscode from 'vscode';
import { registerConnectionCommands, importTokenFromEnvironment } from './commands/connection-commands';
import { registerDecisionCommands } from './commands/decision-commands';
import { registerSandboxCommand } from './commands/sandbox-command';
import { registerComparisonPanel } from './panels/comparison-panels';
import { registerRecordPanels } from './panels/record-panel-commands';
import { registerBulkCommands } from './curation/bulk-commands';
import { createCuration } from './curation/context';
import { registerExportCommands } from './curation/export-commands';
import { registerJournalCommands } from './curation/journal-commands';
import { registerTreeCommands } from './commands/tree-commands';
import { Session } from './connection/session';
import { TokenStore } from './connection/token-store';
import { ErrorReporter } from './error-reporter';
import { ConnectionStatusBar } from './status-bar';
import { LastLook } from './views/last-look';
import { EventsList } from './views/events-list';
import { LocationsList } from './views/locations-list';
import type { PagedList } from './views/paged-list';
import { RecommendationsList } from './views/recommendations-list';
import { ViewChoices } from './views/view-choices';

/**
 * What activate() returns (`vscode.extensions.getExtension(id).exports`): the integration tests
 * read the trees' contents through it, as a user reads them on screen.
 */
export interface DedupCuratorApi {
  session: Session;
  recommendations: RecommendationsList;
  locations: LocationsList;
  events: EventsList;
  errors: ErrorReporter;
  statusBar: ConnectionStatusBar;
  /** The views' kept choices (sort, filters, windows), in the workspace's state. */
  choices: ViewChoices;
}

export async function activate(context: vscode.ExtensionContext): Promise<DedupCuratorApi> {
  const log = vscode.window.createOutputChannel('Dedup Curator', { log: true });
  const tokens = new TokenStore(context.secrets);
  const session = new Session(tokens, log, context.globalState);
  const errors = new ErrorReporter(log);
  const lastLook = new LastLook(context.globalState);
  const recommendations = new RecommendationsList('dedupCurator.recommendations', session, errors, lastLook);
  const locations = new LocationsList('dedupCurator.locations', session, errors, lastLook);
  const events = new EventsList('dedupCurator.events', session, errors, lastLook);
  const lists = [recommendations, locations, events] as PagedList<unknown>[];
  const choices = new ViewChoices(context.workspaceState);
  for (const list of lists) list.useChoices(choices);
  context.subscriptions.push(log, tokens, session, ...lists);
  for (const list of lists) {
    const view = vscode.window.createTreeView(list.viewId, { treeDataProvider: list, showCollapseAll: true, canSelectMany: list === recommendations });
    list.attach(view);
    context.subscriptions.push(view);
  }
  const curation = createCuration(context, session, recommendations, errors, log);
  const refreshAll = () => Promise.all(lists.map((l) => l.refresh()));
  context.subscriptions.push(
    vscode.commands.registerCommand('dedupCurator.showLog', () => log.show()),
    vscode.commands.registerCommand('dedupCurator.refresh', (viewOrNode?: unknown) => {
      const target = lists.find((l) => l.viewId === (viewOrNode as { id?: string } | undefined)?.id);
      return target ? target.refresh() : refreshAll();
    }),
    vscode.commands.registerCommand('dedupCurator.loadMore', (viewId: string) => lists.find((l) => l.viewId === viewId)?.loadMore()),
    ...registerConnectionCommands(session),
    ...registerDecisionCommands(session, recommendations, errors, log, curation),
    ...registerComparisonPanel(context, { session, list: recommendations, errors, log, curation }),
    ...registerRecordPanels(context, session, locations, events, log),
    ...registerBulkCommands(curation),
    ...registerJournalCommands(curation),
    ...registerExportCommands(session, { recommendations, locations, events }, errors, log),
    ...registerSandboxCommand(session, log),
    ...registerTreeCommands(recommendations, locations, events),
    session.onDidChange(() => void refreshAll()),
  );
  await importTokenFromEnvironment(session, log);
  await session.reload();
  const statusBar = new ConnectionStatusBar(session, recommendations);
  context.subscriptions.push(statusBar);
  log.info('Dedup Curator activated');
  return { session, recommendations, locations, events, errors, statusBar, choices };
}

export function deactivate(): void {
  // Nothing to do: every resource is a Disposable in context.subscriptions.
}

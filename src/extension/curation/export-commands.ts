// "Export…" in each view's title bar: every page of recommendations, locations or events with the
// view's current parameters, to NDJSON, JSON or CSV chosen in a save dialog, streamed to disk with
// cancellable progress (src/curation/export.ts). The file appears only when complete.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { cancellationSignal } from '../ui/cancellation';
import type { Recommendation } from '../../api/model';
import { type ExportResult, exportRecords } from '../../curation/export';
import type { ListKind } from '../../records/list-kind';
import type { ListQuery } from '../../records/list-pages';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import { describeFilter, isFiltered, matches } from '../views/recommendation-filter';
import type { RecommendationsList } from '../views/recommendations-list';
import { fileError, localPath } from './context';
import { showInfo, showWarning } from '../ui/notify';
import { inertText } from '../ui/inert-text';
import { Commands } from '../ids';
import { formatCount } from '../../webview/shared/format';

export interface ExportViews {
  recommendations: RecommendationsList;
  locations: LocationsList;
  events: EventsList;
}

/** Arguments for scripts and tests: a target path skips the dialog; a signal cancels like the button. */
export interface ExportArgs {
  target?: string;
  signal?: AbortSignal;
}

const COMMANDS: Record<ListKind, string> = {
  recommendations: Commands.exportRecommendations,
  locations: Commands.exportLocations,
  events: Commands.exportEvents,
};

export function registerExportCommands(session: Session, views: ExportViews, errors: ErrorReporter, log: vscode.LogOutputChannel): vscode.Disposable[] {
  return (Object.keys(COMMANDS) as ListKind[]).map((kind) =>
    vscode.commands.registerCommand(COMMANDS[kind], (args?: ExportArgs) => runExport(kind, views, session, errors, log, args)),
  );
}

/** What the view shows, as export parameters: its window, flags and filters (all pages of it). */
function queryOfView(kind: ListKind, views: ExportViews): { query: ListQuery; filter?: (r: unknown) => boolean } {
  if (kind === 'recommendations') {
    // The service cannot filter recommendations; the view's filter is applied to every page here.
    const f = { ...views.recommendations.filter };
    return { query: { kind }, filter: isFiltered(f) ? (r) => matches(r as Recommendation, f) : undefined };
  }
  const base = { updatedSince: views[kind].updatedSince, onlyExternalUpdates: views[kind].onlyExternalUpdates || undefined };
  if (kind === 'locations') return { query: { kind, params: base } };
  const f = views.events.filter;
  return { query: { kind, params: { ...base, startAfter: f.startAfter, startBefore: f.startBefore, location: f.location?.id } } };
}

/**
 * The save dialog: its title says what will be exported (the view's filter or window applies),
 * it opens in the workspace folder, and offers the formats, CSV first (what curators open).
 */
export function saveDialogOptions(kind: ListKind, views: ExportViews): vscode.SaveDialogOptions {
  const folder = exportFolder();
  return {
    title: exportTitle(kind, views),
    saveLabel: vscode.l10n.t('Export'),
    defaultUri: vscode.Uri.file(path.join(folder, `${kind}-${new Date().toISOString().slice(0, 10)}.csv`)),
    filters: { CSV: ['csv'], NDJSON: ['ndjson', 'jsonl'], JSON: ['json'] },
  };
}

/** Where an export's save dialog opens: the workspace folder (on disk), else the home folder. */
export function exportFolder(): string {
  return vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ?? os.homedir();
}

/** "Export all 206 pending recommendations", "Export the 14 pending recommendations matching 80–90%", "Export the locations (last 30 days)". */
export function exportTitle(kind: ListKind, views: ExportViews): string {
  if (kind !== 'recommendations') {
    const scope = views[kind].scopeText();
    return kind === 'locations' ? vscode.l10n.t('Export the locations ({0})', scope) : vscode.l10n.t('Export the events ({0})', scope);
  }
  const list = views.recommendations;
  const total = list.knownTotal;
  if (!isFiltered(list.filter)) {
    return total !== undefined ? vscode.l10n.t('Export all {0} pending recommendations', formatCount(total)) : vscode.l10n.t('Export all pending recommendations');
  }
  const criteria = describeFilter(list.filter);
  // Under a filter the view loads the whole list, so the count is known unless that load stopped short.
  if (!list.hasMore) return vscode.l10n.t('Export the {0} pending recommendations matching {1}', formatCount(list.shown().length), criteria);
  return vscode.l10n.t('Export the pending recommendations matching {0} (all pages are read)', criteria);
}

/** The view knows the list to export is empty: nothing loaded and nothing more on the service. */
function nothingPending(list: ExportViews['recommendations']): boolean {
  return !list.hasMore && list.shown().length === 0 && (isFiltered(list.filter) || list.knownTotal === 0);
}

async function runExport(kind: ListKind, views: ExportViews, session: Session, errors: ErrorReporter, log: vscode.LogOutputChannel, args?: ExportArgs): Promise<ExportResult | undefined> {
  await session.settled();
  const client = await session.client();
  if (!client) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return undefined;
  }
  let file = args?.target;
  if (!file && kind === 'recommendations' && nothingPending(views.recommendations)) {
    // A file with a header only is no answer (on an empty service).
    void showInfo(isFiltered(views.recommendations.filter) ? vscode.l10n.t('No pending recommendation matches the view’s filter: nothing to export.') : vscode.l10n.t('No pending recommendations: nothing to export.'));
    return undefined;
  }
  if (!file) {
    const chosen = await vscode.window.showSaveDialog(saveDialogOptions(kind, views));
    file = chosen && localPath(chosen);
  }
  if (!file) return undefined;
  const { query, filter } = queryOfView(kind, views);
  const title = vscode.l10n.t('Exporting {0} to {1}', kind, path.basename(file));
  try {
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(title), cancellable: true }, async (progress, token) => {
      const cancel = cancellationSignal(token, args?.signal);
      try {
        return await exportRecords(client, query, file, {
          signal: cancel.signal,
          filter,
          onProgress: (n) => progress.report({ message: vscode.l10n.t('{0} records written', n.toLocaleString()) }),
        });
      } finally {
        cancel.dispose();
      }
    });
    log.info(`exported ${result.written} ${kind} to ${result.file} (${result.format})`);
    void showInfo(vscode.l10n.t('Exported {0} {1} to {2}.', result.written.toLocaleString(), kind, result.file));
    return result;
  } catch (e) {
    if ((e as { kind?: string }).kind === 'cancelled') {
      void showInfo(vscode.l10n.t('Export cancelled; no file was written.'));
      return undefined;
    }
    errors.report(fileError(e, file), vscode.l10n.t('Exporting {0}', kind));
    return undefined;
  }
}

// "Export…" in each view's title bar: every page of recommendations, locations or events with the
// view's current parameters, to NDJSON, JSON or CSV chosen in a save dialog, streamed to disk with
// cancellable progress (src/curation/export.ts). The file appears only when complete.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { RecordKind } from '../../cli/csv';
import { type ExportResult, type ExportSpec, exportRecords } from '../../curation/export';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { EventsList } from '../views/events-list';
import type { LocationsList } from '../views/locations-list';
import { isFiltered, matches } from '../views/recommendation-filter';
import type { RecommendationsList } from '../views/recommendations-list';
import { fileError, localPath } from './context';
import { showInfo, showWarning } from '../ui/notify';
import { inertText } from '../ui/inert-text';

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

const COMMANDS: Record<RecordKind, string> = {
  recommendations: 'dedupCurator.exportRecommendations',
  locations: 'dedupCurator.exportLocations',
  events: 'dedupCurator.exportEvents',
};

export function registerExportCommands(session: Session, views: ExportViews, errors: ErrorReporter, log: vscode.LogOutputChannel): vscode.Disposable[] {
  return (Object.keys(COMMANDS) as RecordKind[]).map((kind) =>
    vscode.commands.registerCommand(COMMANDS[kind], (args?: ExportArgs) => runExport(kind, views, session, errors, log, args)),
  );
}

/** What the view shows, as export parameters: its window, flags and filters (all pages of it). */
function specOf(kind: RecordKind, views: ExportViews): { spec: ExportSpec; filter?: (r: unknown) => boolean } {
  if (kind === 'recommendations') {
    // The service cannot filter recommendations; the view's filter is applied to every page here.
    const f = { ...views.recommendations.filter };
    return { spec: { kind }, filter: isFiltered(f) ? (r) => matches(r as Recommendation, f) : undefined };
  }
  const base = { updatedSince: views[kind].updatedSince, onlyExternalUpdates: views[kind].onlyExternalUpdates || undefined };
  if (kind === 'locations') return { spec: { kind, params: base } };
  const f = views.events.filter;
  return { spec: { kind, params: { ...base, startAfter: f.startAfter, startBefore: f.startBefore, location: f.location?.id } } };
}

async function runExport(kind: RecordKind, views: ExportViews, session: Session, errors: ErrorReporter, log: vscode.LogOutputChannel, args?: ExportArgs): Promise<ExportResult | undefined> {
  const client = await session.client();
  if (!client) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return undefined;
  }
  let file = args?.target;
  if (!file) {
    const chosen = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export {0}', kind),
      defaultUri: vscode.Uri.file(path.join(os.homedir(), `${kind}-${new Date().toISOString().slice(0, 10)}.ndjson`)),
      filters: { NDJSON: ['ndjson', 'jsonl'], JSON: ['json'], CSV: ['csv'] },
    });
    file = chosen && localPath(chosen);
  }
  if (!file) return undefined;
  const { spec, filter } = specOf(kind, views);
  const title = vscode.l10n.t('Exporting {0} to {1}', kind, path.basename(file));
  try {
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(title), cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      const link = () => controller.abort();
      args?.signal?.addEventListener('abort', link, { once: true });
      if (args?.signal?.aborted) controller.abort();
      try {
        return await exportRecords(client, spec, file, {
          signal: controller.signal,
          filter,
          onProgress: (n) => progress.report({ message: vscode.l10n.t('{0} records written', n.toLocaleString()) }),
        });
      } finally {
        sub.dispose();
        args?.signal?.removeEventListener('abort', link);
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

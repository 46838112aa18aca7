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
import { type MatchCriteria, matchesCriteria } from './bulk-commands';
import { localPath } from './context';

/** The views' parameters, read structurally: a view exposes what it has (updatedSince at least). */
interface ViewParams {
  updatedSince?: Date;
  onlyExternalUpdates?: boolean;
  startAfter?: Date;
  startBefore?: Date;
  location?: string;
  filter?: MatchCriteria;
}

export interface ExportViews {
  recommendations: object;
  locations: object;
  events: object;
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
    vscode.commands.registerCommand(COMMANDS[kind], (args?: ExportArgs) => runExport(kind, views[kind] as ViewParams, session, errors, log, args)),
  );
}

function specOf(kind: RecordKind, v: ViewParams): ExportSpec {
  if (kind === 'recommendations') return { kind };
  const since = v.updatedSince ?? new Date(0);
  const onlyExternalUpdates = v.onlyExternalUpdates || undefined;
  if (kind === 'locations') return { kind, params: { updatedSince: since, onlyExternalUpdates } };
  return { kind, params: { updatedSince: since, onlyExternalUpdates, startAfter: v.startAfter, startBefore: v.startBefore, location: v.location } };
}

async function runExport(kind: RecordKind, view: ViewParams, session: Session, errors: ErrorReporter, log: vscode.LogOutputChannel, args?: ExportArgs): Promise<ExportResult | undefined> {
  const client = await session.client();
  if (!client) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
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
  const spec = specOf(kind, view);
  const criteria = kind === 'recommendations' ? view.filter : undefined;
  const filter = criteria ? (r: unknown) => matchesCriteria(r as Recommendation, criteria) : undefined;
  const title = vscode.l10n.t('Exporting {0} to {1}', kind, path.basename(file));
  try {
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
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
    void vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} {1} to {2}.', result.written.toLocaleString(), kind, result.file));
    return result;
  } catch (e) {
    if ((e as { kind?: string }).kind === 'cancelled') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Export cancelled; no file was written.'));
      return undefined;
    }
    errors.report(e, vscode.l10n.t('Exporting {0}', kind));
    return undefined;
  }
}

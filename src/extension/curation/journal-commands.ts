// "Show Decision History" (a read-only virtual document, newest first: decision attempts, and the
// unsure marks and their clearings with the curator's note) and "Export Decision History…" (CSV or
// NDJSON, chosen in a save dialog: the decision attempts), both from the decision journal.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type DecisionEntry, type JournalContents, notSent, readJournal, type UnsureEntry } from '../../curation/journal';
import { historyRows } from '../../curation/history';
import { exportJournal, journalFormatFromPath } from '../../curation/journal-export';
import { type Curation, fileError, localPath } from './context';
import { showInfo } from '../ui/notify';
import { exportFolder } from './export-commands';
import { Commands, DECISION_HISTORY_SCHEME } from '../ids';
import { namesLabel } from '../views/labels';
import { HistoryFileSystem } from './history-file-system';
import { formatCount, formatPercent } from '../../webview/shared/format';

const SCHEME = DECISION_HISTORY_SCHEME;
/** The document shows the newest entries only; the export has them all. */
const SHOWN = 5000;

export function registerJournalCommands(c: Curation): vscode.Disposable[] {
  const uri = vscode.Uri.from({ scheme: SCHEME, path: '/Decision History' });
  // A file system of one read-only file, so that VS Code restores the tab after a reload (history-file-system.ts).
  const history = new HistoryFileSystem(uri, async () => render(c.journal.path, await readJournal(c.journal.path)));
  // An open history document follows new decisions, re-read at most every half second.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = c.journal.onDidAppend(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      history.changed();
    }, 500);
  });
  return [
    history,
    { dispose: () => (unsubscribe(), clearTimeout(timer)) },
    vscode.workspace.registerFileSystemProvider(SCHEME, history, { isReadonly: true, isCaseSensitive: true }),
    vscode.commands.registerCommand(Commands.showDecisionHistory, async () => {
      history.changed(); // re-read if the document is already open
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: false });
      return doc;
    }),
    vscode.commands.registerCommand(Commands.exportDecisionHistory, async (args?: { target?: string }) => {
      let file = args?.target;
      if (!file) {
        // As the other exports: the workspace folder, the count in the title, nothing to save when empty.
        const { entries } = await readJournal(c.journal.path);
        if (!entries.length) {
          void showInfo(vscode.l10n.t('The decision history is empty: no decision has been made in this editor yet, so there is nothing to export.'));
          return undefined;
        }
        const chosen = await vscode.window.showSaveDialog({
          title: vscode.l10n.t('Export the decision history ({0} attempts)', formatCount(entries.length)),
          saveLabel: vscode.l10n.t('Export'),
          defaultUri: vscode.Uri.file(path.join(exportFolder(), `decision-history-${new Date().toISOString().slice(0, 10)}.csv`)),
          filters: { CSV: ['csv'], NDJSON: ['ndjson', 'jsonl'] },
        });
        file = chosen && localPath(chosen);
      }
      if (!file) return undefined;
      try {
        const { entries, skippedLines } = await readJournal(c.journal.path);
        const count = await exportJournal(entries, file, journalFormatFromPath(file));
        if (skippedLines) c.log.warn(`decision journal: ${skippedLines} unreadable line(s) skipped (a torn last line after a crash is expected)`);
        void showInfo(vscode.l10n.t('Exported {0} decision attempts to {1}.', formatCount(count), file));
        return { file, count };
      } catch (e) {
        c.errors.report(fileError(e, file), vscode.l10n.t('Exporting the decision history'));
        return undefined;
      }
    }),
  ];
}

function render(journalPath: string, contents: JournalContents): string {
  const { entries, skippedLines, unsure } = contents;
  const lines = [
    unsure.length
      ? vscode.l10n.t('Decision history: {0} attempts and {1} unsure marks or clearings, newest first. Journal: {2}', formatCount(entries.length), formatCount(unsure.length), journalPath)
      : vscode.l10n.t('Decision history: {0} attempts, newest first. Journal: {1}', formatCount(entries.length), journalPath),
    vscode.l10n.t('"unknown" means the service may or may not have applied the decision (answer lost, cancelled in flight, or the editor closed mid-run).'),
  ];
  if (unsure.length) lines.push(vscode.l10n.t('"? unsure" and "unsure cleared" are kept in the journal only: nothing about them was sent to the service.'));
  if (skippedLines) lines.push(vscode.l10n.t('{0} unreadable line(s) skipped.', formatCount(skippedLines)));
  // Runs cut short: their unsent decisions have no row of their own, so the run says how many.
  for (const r of contents.runs.filter((run) => !run.ended)) {
    lines.push(vscode.l10n.t('{0}: a bulk {1} of {2} ({3}) has not ended: {4} attempted, {5} not sent (the window closed, or it is still running).', localTime(r.at), r.verdict, formatCount(r.count), r.what.replace(/\s+/g, ' '), formatCount(r.attempted), formatCount(r.count - r.attempted)));
  }
  const all = historyRows(contents);
  if (all.length > SHOWN) lines.push(vscode.l10n.t('Showing the newest {0}; export the history for all of them.', formatCount(SHOWN)));
  lines.push('');
  const rows = all
    .slice(-SHOWN)
    .reverse()
    .map((r) => (r.kind === 'decision' ? decisionRow(r.entry) : unsureRow(r.entry)));
  const header = [vscode.l10n.t('Time'), vscode.l10n.t('Verdict'), vscode.l10n.t('Outcome'), vscode.l10n.t('Score'), vscode.l10n.t('Connection'), vscode.l10n.t('Recommendation')];
  const widths = header.slice(0, -1).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  // Record data (and a note) may hold line breaks; one row stays on one line.
  const line = (r: string[]) => r.map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]) : cell.replace(/\s+/g, ' '))).join('  ');
  lines.push(line(header), ...rows.map(line));
  return lines.join('\n') + '\n';
}

const scoreCell = (score: number | undefined) => (score === undefined ? '' : formatPercent(score));

function decisionRow(e: DecisionEntry): string[] {
  return [
    localTime(e.at),
    e.verdict,
    notSent(e)
      ? 'not sent (window closed during the undo period)'
      : e.outcome === 'failed'
        ? `failed: ${e.kind ?? ''}`
        : e.outcome === 'unknown' && !e.outcomeRecorded
          ? 'unknown (interrupted)'
          : e.outcome === 'unknown'
            ? `unknown: ${e.kind ?? ''}`
            : e.outcome === 'cancelled'
              ? 'cancelled (undone, not sent)'
              : e.outcome,
    scoreCell(e.score),
    e.connection?.label ?? '',
    `${namesLabel(e.entities)}  ${e.id}${e.message ? `  (${e.message})` : ''}`,
  ];
}

/**
 * An unsure mark or its clearing, beside the decisions: "? unsure" (the mark, with the note) or
 * "unsure cleared". The document is plain text, so the note is inert as it stands; it is the
 * curator's own words, kept whole on the row (at most the 2000 characters the input allows).
 */
function unsureRow(u: UnsureEntry): string[] {
  const note = u.note ? `  ${vscode.l10n.t('note: {0}', u.note)}` : '';
  return [
    localTime(u.at),
    u.cleared ? vscode.l10n.t('unsure cleared') : vscode.l10n.t('? unsure'),
    u.cleared ? vscode.l10n.t('mark taken back (not sent)') : vscode.l10n.t('kept pending (not sent)'),
    scoreCell(u.score),
    u.connection?.label ?? '',
    `${namesLabel(u.entities)}  ${u.id}${note}`,
  ];
}

function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

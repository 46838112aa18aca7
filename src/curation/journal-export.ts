// The decision journal as a file a person or a spreadsheet reads: CSV (one row per attempt, the
// CLI's quoting, formula-like cells defused) or NDJSON (one joined entry per line). Attempts are
// written oldest first, as in the journal.
import { once } from 'node:events';
import { writeFileAtomically } from '../records/atomic-file';
import { csvCell } from '../records/csv';
import type { DecisionEntry } from './journal';

export type JournalExportFormat = 'csv' | 'ndjson';

const COLUMNS: [string, (e: DecisionEntry) => string | number | boolean | undefined][] = [
  ['time', (e) => e.at],
  ['connection', (e) => e.connection?.baseUrl],
  ['connection_label', (e) => e.connection?.label],
  ['recommendation_id', (e) => e.id],
  ['verdict', (e) => e.verdict],
  ['score', (e) => e.score],
  ['entity_ids', (e) => e.entities.map((x) => x.id).join(' | ')],
  ['entity_names', (e) => e.entities.map((x) => x.name ?? '').join(' | ')],
  ['outcome', (e) => e.outcome],
  ['outcome_recorded', (e) => e.outcomeRecorded],
  ['error_kind', (e) => e.kind],
  ['message', (e) => e.message],
  ['finished_at', (e) => e.finishedAt],
];

export function journalCsvHeader(): string {
  return COLUMNS.map(([n]) => n).join(',') + '\r\n';
}

export function journalCsvRow(e: DecisionEntry): string {
  return COLUMNS.map(([, get]) => csvCell(get(e))).join(',') + '\r\n';
}

export function journalFormatFromPath(path: string): JournalExportFormat {
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'ndjson';
}

/** Writes the entries to `file` through `<file>.partial`, so a failed export leaves no half file. */
export async function exportJournal(entries: Iterable<DecisionEntry>, file: string, format: JournalExportFormat = journalFormatFromPath(file)): Promise<number> {
  return writeFileAtomically(file, async (out) => {
    let n = 0;
    if (format === 'csv') out.write(journalCsvHeader());
    for (const e of entries) {
      const ok = out.write(format === 'csv' ? journalCsvRow(e) : JSON.stringify(e) + '\n');
      if (!ok) await once(out, 'drain');
      n++;
    }
    return n;
  });
}

// The decision history's rows (Show Decision History): every decision attempt and every unsure mark
// and clearing of the journal, oldest first, in one list. Unsure lines are the curator's answers too:
// the history shows them beside approvals and rejections, with their note, although
// nothing about them was sent to the service.
import type { DecisionEntry, JournalContents, UnsureEntry } from './journal';

export type HistoryRow = { kind: 'decision'; at: string; entry: DecisionEntry } | { kind: 'unsure' | 'cleared'; at: string; entry: UnsureEntry };

export function historyRows(contents: Pick<JournalContents, 'entries' | 'unsure'>): HistoryRow[] {
  const rows: HistoryRow[] = [
    ...contents.entries.map((entry): HistoryRow => ({ kind: 'decision', at: entry.at, entry })),
    ...contents.unsure.map((entry): HistoryRow => ({ kind: entry.cleared ? 'cleared' : 'unsure', at: entry.at, entry })),
  ];
  // ISO timestamps sort as text; the sort is stable, so equal times keep the file's order (decisions first).
  return rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

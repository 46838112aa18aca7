// Which recommendations are marked unsure now, read back from the decision journal: the latest
// unsure line of each id, unless a later decision about it reached the service (the curator made
// up their mind) or a later line cleared the mark. Read from the journal, so a window reload, or
// another window, finds the same marks.
import type { DecisionEntry, JournalConnection, JournalContents, JournalEntity, UnsureEntry } from './journal';

export interface UnsureMark {
  id: string;
  at: string;
  note?: string;
  /**
   * The recommendation as it was when marked (score, entities) and where: enough to list the mark
   * and journal its clearing when the recommendation is not loaded (Clear Unsure Mark's pick).
   */
  score?: number;
  entities?: JournalEntity[];
  connection?: JournalConnection;
}

/** The current marks, by recommendation id. */
export function unsureMarks(contents: Pick<JournalContents, 'entries' | 'unsure'>): Map<string, UnsureMark> {
  const events: { at: string; apply: (m: Map<string, UnsureMark>) => void }[] = [];
  for (const u of contents.unsure) events.push({ at: u.at, apply: (m) => (u.cleared ? m.delete(u.id) : m.set(u.id, markOf(u))) });
  for (const e of contents.entries) if (e.outcome === 'ok') events.push({ at: e.finishedAt ?? e.at, apply: (m) => m.delete(e.id) });
  // ISO timestamps sort as text; a stable sort keeps the file's order for equal times.
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const marks = new Map<string, UnsureMark>();
  for (const ev of events) ev.apply(marks);
  return marks;
}

function markOf(u: UnsureEntry): UnsureMark {
  return { id: u.id, at: u.at, note: u.note, score: u.score, entities: u.entities, connection: u.connection };
}

/** The journal's entries and unsure marks in time order, for triage's labels (the last answer wins). */
export function journalAnswers(contents: Pick<JournalContents, 'entries' | 'unsure'>): (DecisionEntry | (UnsureEntry & { verdict: 'unsure' }))[] {
  const marks = unsureMarks(contents);
  const answers: (DecisionEntry | (UnsureEntry & { verdict: 'unsure' }))[] = [...contents.entries];
  // Only the marks that still stand teach triage "unsure"; cleared or decided ones do not.
  for (const u of contents.unsure) if (!u.cleared && marks.get(u.id)?.at === u.at) answers.push({ ...u, verdict: 'unsure' });
  return answers.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

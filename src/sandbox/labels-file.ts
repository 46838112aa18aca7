// Labelled pairs for the sandbox's matcher (`--labels FILE`): either the extension's decision
// journal (NDJSON, see src/curation/journal.ts: an approval that went through says its entities
// are one thing, a rejection that they are not) or a plain TSV, one pair a line:
// `integration \t sourceId \t integration \t sourceId \t match|nonmatch`. Every bad line is reported
// with its number; decisions that cannot be read as labels are counted in `notes`, never dropped
// silently.
import { promises as fs } from 'node:fs';
import { parseJournal } from '../curation/journal';
import { sourceKey } from './source-records';
import type { NdjsonError } from './load-ndjson';

export interface LabelLine {
  /** Source keys (`integration#sourceId`). */
  a: string;
  b: string;
  match: boolean;
  /** 1-based line of the file it came from. */
  line: number;
}

export interface LabelsFile {
  labels: LabelLine[];
  errors: NdjsonError[];
  /** What was read but is not a label (e.g. failed or unknown-outcome decisions), in words. */
  notes: string[];
}

export async function loadLabels(path: string): Promise<LabelsFile> {
  return parseLabels(await fs.readFile(path, 'utf8'));
}

export function parseLabels(text: string): LabelsFile {
  const clean = text.replace(/^\uFEFF/, '');
  const first = clean.split(/\r?\n/).find((l) => l.trim() !== '' && !l.startsWith('#'));
  return first?.trim().startsWith('{') ? parseJournalLabels(clean) : parseTsvLabels(clean);
}

const VERDICTS: Record<string, boolean> = { match: true, nonmatch: false, 'non-match': false };

function parseTsvLabels(text: string): LabelsFile {
  const labels: LabelLine[] = [];
  const errors: NdjsonError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const cols = raw.split('\t').map((c) => c.trim());
    if (cols.length !== 5) {
      errors.push({ line, reason: `expected 5 tab-separated columns (integration, sourceId, integration, sourceId, match|nonmatch), got ${cols.length}` });
      return;
    }
    const empty = cols.findIndex((c) => c === '');
    if (empty >= 0) {
      errors.push({ line, reason: `column ${empty + 1} is empty` });
      return;
    }
    const verdict = VERDICTS[cols[4].toLowerCase()];
    if (verdict === undefined) {
      errors.push({ line, reason: `the fifth column must be "match" or "nonmatch", got "${cols[4].slice(0, 40)}"` });
      return;
    }
    const a = sourceKey({ integration: cols[0], sourceId: cols[1] });
    const b = sourceKey({ integration: cols[2], sourceId: cols[3] });
    if (a === b) {
      errors.push({ line, reason: `both sides are the same record ${a}` });
      return;
    }
    labels.push({ a, b, match: verdict, line });
  });
  return { labels, errors, notes: [] };
}

/** `urn:dedup-sandbox:<kind>-source:<percent-encoded key>` → the source key; undefined for other ids. */
export function sourceKeyOfEntityId(id: string): string | undefined {
  const m = /^urn:dedup-sandbox:(?:location|event)-source:(.+)$/.exec(id);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

function parseJournalLabels(text: string): LabelsFile {
  const errors: NdjsonError[] = [];
  const notes: string[] = [];
  const lines = text.split(/\r?\n/);
  // The journal reader skips lines that are not JSON (a torn last line after a crash); here every
  // such line is reported with its number, except a torn last line, which is only noted.
  let last = lines.length - 1;
  while (last >= 0 && lines[last].trim() === '') last--;
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      JSON.parse(raw);
    } catch {
      if (i === last) notes.push(`line ${i + 1} is not complete JSON (a torn last line): ignored`);
      else errors.push({ line: i + 1, reason: 'not a JSON journal line' });
    }
  });
  const lineOfAttempt = new Map<string, number>();
  lines.forEach((raw, i) => {
    const m = /"attempt"\s*:\s*"([^"]+)"/.exec(raw);
    if (m && /"type"\s*:\s*"started"/.test(raw)) lineOfAttempt.set(m[1], i + 1);
  });
  const { entries } = parseJournal(text);
  const labels: LabelLine[] = [];
  let notDone = 0;
  let foreign = 0;
  for (const e of entries) {
    if (e.outcome !== 'ok' || (e.verdict !== 'approve' && e.verdict !== 'reject')) {
      notDone++;
      continue;
    }
    const keys = e.entities.map((x) => (typeof x?.id === 'string' ? sourceKeyOfEntityId(x.id) : undefined));
    if (keys.length < 2 || keys.some((k) => k === undefined)) {
      foreign++;
      continue;
    }
    const line = lineOfAttempt.get(e.attempt) ?? 0;
    for (let x = 0; x < keys.length; x++) {
      for (let y = x + 1; y < keys.length; y++) labels.push({ a: keys[x]!, b: keys[y]!, match: e.verdict === 'approve', line });
    }
  }
  if (notDone > 0) notes.push(`${notDone} decision(s) that failed, had an unknown outcome or no approve/reject verdict: not labels`);
  if (foreign > 0) notes.push(`${foreign} decision(s) whose entities are not sandbox source records: ignored`);
  return { labels, errors, notes };
}

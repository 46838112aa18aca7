// Import of source records from NDJSON (`--load FILE.ndjson`): one JSON object per line, a location
// or an event of one integration. Every bad line is reported with its number and reason, none is
// dropped silently; blank lines are skipped and unknown members (e.g. "truth") ignored. The caller
// decides whether errors stop it (the CLI refuses to start and lists them).
import { promises as fs } from 'node:fs';
import { timestampProblem } from '../api/timestamp';
import { sourceKey, type SourceEventRecord, type SourceLocationRecord, type SourceRecord, type SourceRef } from './source-records';
import { checkEventMembers, checkLocationMembers, LineProblem, requiredString } from './load-ndjson-fields';

export interface NdjsonError {
  /** 1-based line number in the input. */
  line: number;
  reason: string;
}

export interface NdjsonResult {
  records: SourceRecord[];
  errors: NdjsonError[];
}

/** Reads and checks a file (a path), or text given as `{ text }`. */
export async function loadNdjson(source: string | { text: string }): Promise<NdjsonResult> {
  return parseNdjson(typeof source === 'string' ? await fs.readFile(source, 'utf8') : source.text);
}

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

export function parseNdjson(text: string): NdjsonResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: NdjsonError[] = [];
  const parsed: { line: number; record: SourceRecord }[] = [];
  const firstLine = new Map<string, number>();
  /** Keys of lines that had errors, so references to them get a precise reason. */
  const badKeys = new Map<string, number>();
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      errors.push({ line, reason: `not JSON (${(e as Error).message})` });
      return;
    }
    try {
      const record = checkRecord(value);
      const key = sourceKey(record);
      const first = firstLine.get(key);
      if (first !== undefined) throw new LineProblem(`duplicate integration+sourceId ${key} (first on line ${first})`);
      firstLine.set(key, line);
      parsed.push({ line, record });
    } catch (e) {
      if (!(e instanceof LineProblem)) throw e;
      errors.push({ line, reason: e.message });
      const key = keyOf(value);
      if (key !== undefined && !badKeys.has(key) && !firstLine.has(key)) badKeys.set(key, line);
    }
  });
  // Second pass: an event may refer to a location on a later line.
  const kindOf = new Map(parsed.map((p) => [sourceKey(p.record), p.record.kind]));
  const records: SourceRecord[] = [];
  for (const { line, record } of parsed) {
    const problem = record.kind === 'event' && record.location ? referenceProblem(record.location, kindOf, badKeys) : undefined;
    if (problem) errors.push({ line, reason: problem });
    else records.push(record);
  }
  errors.sort((a, b) => a.line - b.line);
  return { records, errors };
}

function referenceProblem(ref: SourceRef, kindOf: Map<string, string>, badKeys: Map<string, number>): string | undefined {
  const key = sourceKey(ref);
  const kind = kindOf.get(key);
  if (kind === 'location') return undefined;
  if (kind === 'event') return `"location" refers to ${key}, which is an event, not a location`;
  const bad = badKeys.get(key);
  if (bad !== undefined) return `"location" refers to ${key}, whose line ${bad} has errors`;
  return `"location" refers to an unknown location ${key} (no location record with that integration and sourceId in the file)`;
}

function keyOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return typeof v.integration === 'string' && typeof v.sourceId === 'string' ? sourceKey({ integration: v.integration, sourceId: v.sourceId }) : undefined;
}

function checkRecord(value: unknown): SourceRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LineProblem('expected a JSON object');
  const v = value as Record<string, unknown>;
  if (v.kind === undefined || v.kind === null) throw new LineProblem('missing "kind" ("location" or "event")');
  if (v.kind !== 'location' && v.kind !== 'event') throw new LineProblem(`"kind" must be "location" or "event", got ${JSON.stringify(v.kind)}`);
  const integration = requiredString(v, 'integration');
  if (!URI.test(integration)) throw new LineProblem(`"integration" must be a URI such as urn:integration:name, got ${JSON.stringify(integration)}`);
  const base = { integration, sourceId: requiredString(v, 'sourceId'), name: requiredString(v, 'name') };
  if (v.kind === 'location') {
    const record: SourceLocationRecord = { kind: 'location', ...base };
    checkLocationMembers(v, record);
    return record;
  }
  const startDate = requiredString(v, 'startDate');
  const problem = timestampProblem(startDate);
  if (problem) throw new LineProblem(`"startDate" ${JSON.stringify(startDate)} ${problem}`);
  const record: SourceEventRecord = { kind: 'event', ...base, startDate };
  checkEventMembers(v, record);
  return record;
}

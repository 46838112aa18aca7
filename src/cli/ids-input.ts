// The recommendations `approve|reject --ids FILE` decides: one a line, either a bare ID or a
// recommendation as `dedup-curator recommendations` writes it (NDJSON), so that
// `recommendations --all | jq -c 'select(.score > 0.99)' | approve --ids -` works and the journal
// keeps what each decided recommendation joined. The whole list is read and checked before any
// request: a bad line stops the command with its number, and nothing is half decided.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import * as v from 'valibot';
import { memberPath } from '../api/response-validation';
import { RecommendationEntitySchema } from '../api/schemas';
import type { DecisionTarget } from '../curation/decide';
import type { TriageGroupRef } from '../curation/journal';
import { describeFileError } from '../records/file-error';

/** What a question of `triage --next` says of its recommendation, journalled with the answer. */
export interface AskedAs {
  triage?: TriageGroupRef;
  audit?: number;
}

export interface IdList {
  targets: DecisionTarget[];
  /** The lines that came from `triage --next`: the group each was asked in, and its audit draw. */
  asked: Map<string, AskedAs>;
  /** Lines naming an ID already read: decided once. */
  repeated: number;
}

/** A line of the list that is not a recommendation: its number (1-based) and why. */
export class IdListError extends Error {}

/** The CSV header of `dedup-curator recommendations --format csv`: a whole table is not a list of IDs. */
const CSV_HEADER = /^id,score,entity_count,/;

export interface IdListOptions {
  /** Keep each JSON line's entities (only the journal needs them; a long list holds less without). */
  keepEntities: boolean;
}

/**
 * The list of FILE, or of standard input for '-', read line by line: a long list is never held
 * twice (as text and as targets).
 */
export async function readIdList(source: string, stdin: Readable | undefined, opts: IdListOptions): Promise<IdList> {
  const name = source === '-' ? 'standard input' : source;
  if (source === '-' && !stdin) throw new IdListError('--ids - reads standard input, which this command was not given');
  const input = source === '-' ? stdin! : createReadStream(source);
  const list = new IdListBuilder(name, opts);
  let rest = '';
  try {
    input.setEncoding('utf8');
    for await (const chunk of input) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) list.add(line);
    }
  } catch (e) {
    if (e instanceof IdListError) throw e;
    throw new IdListError(`cannot read ${name}: ${describeFileError(e)}`);
  }
  list.add(rest);
  return list.result();
}

class IdListBuilder {
  private readonly targets: DecisionTarget[] = [];
  private readonly asked = new Map<string, AskedAs>();
  private readonly seen = new Set<string>();
  private repeated = 0;
  private lineNo = 0;

  constructor(
    private readonly name: string,
    private readonly opts: IdListOptions,
  ) {}

  add(raw: string): void {
    this.lineNo++;
    // A list saved by a Windows editor may start with a byte-order mark and end its lines with CR.
    const line = (this.lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (line === '' || line.startsWith('#')) return;
    const { target, as } = targetOfLine(line, `line ${this.lineNo} of ${this.name}`);
    if (this.seen.has(target['@id'])) {
      this.repeated++;
      return;
    }
    this.seen.add(target['@id']);
    this.targets.push(this.opts.keepEntities ? target : { '@id': target['@id'], score: target.score });
    if (as) this.asked.set(target['@id'], as);
  }

  result(): IdList {
    return { targets: this.targets, asked: this.asked, repeated: this.repeated };
  }
}

function targetOfLine(line: string, where: string): { target: DecisionTarget; as?: AskedAs } {
  if (line.startsWith('{')) return targetOfJson(line, where);
  if (CSV_HEADER.test(line)) {
    throw new IdListError(`${where} is the header of a CSV listing: give one recommendation ID a line, or the NDJSON of 'dedup-curator recommendations'`);
  }
  if (/\s/.test(line)) throw new IdListError(`${where} is not one recommendation ID (it holds spaces): "${clip(line)}"`);
  return { target: { '@id': line } };
}

function targetOfJson(line: string, where: string): { target: DecisionTarget; as?: AskedAs } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new IdListError(`${where} starts like JSON but is not valid JSON: "${clip(line)}"`);
  }
  const rec = value as { '@id'?: unknown; score?: unknown; entities?: unknown; triage?: unknown };
  if (typeof rec?.['@id'] !== 'string' || rec['@id'] === '') {
    throw new IdListError(`${where} is a JSON value without a recommendation "@id": "${clip(line)}"`);
  }
  const target: DecisionTarget = { '@id': rec['@id'], score: typeof rec.score === 'number' ? rec.score : undefined, entities: entitiesOf(rec.entities, where) };
  return { target, as: rec.triage === undefined ? undefined : askedAs(rec.triage, where) };
}

/**
 * The entities go to the journal, where the next triage reads their fields: they must be the
 * service's entities, as `recommendations` wrote them, or the line is refused.
 */
function entitiesOf(value: unknown, where: string): DecisionTarget['entities'] {
  if (value === undefined) return undefined;
  const parsed = v.safeParse(v.array(RecommendationEntitySchema), value);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = issue.path?.length ? memberPath(issue.path).replace(/^(?=[^[])/, '.') : '';
  throw new IdListError(`${where} has "entities" unlike the service's: entities${path}: ${issue.message}`);
}

/** The `triage` member of a `triage --next` line; anything else there is refused, not guessed at. */
function askedAs(value: unknown, where: string): AskedAs {
  const t = value as { flags?: unknown; lead?: unknown; audit?: unknown } | null;
  const flags = t?.flags;
  if (!Array.isArray(flags) || !flags.every((f) => typeof f === 'string') || (t?.lead !== undefined && t.lead !== true)) {
    throw new IdListError(`${where} has a "triage" member that is not the one 'dedup-curator triage --next' writes`);
  }
  if (t?.audit !== undefined && !(Number.isInteger(t.audit) && (t.audit as number) >= 0)) throw new IdListError(`${where} has an audit draw number that is not a whole number: ${JSON.stringify(t.audit)}`);
  return { triage: { flags: flags as string[], ...(t?.lead === true ? { lead: true } : {}) }, ...(t?.audit === undefined ? {} : { audit: t.audit as number }) };
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

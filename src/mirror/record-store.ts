// The stored records of one kind: an append-only store, so that a sync writes what changed, not the
// whole mirror (rewriting 129 MB per sync made an incremental sync 58 % of a full one).
//
//   <kind>.<gen>.ndjson          the base: one record's JSON text a line
//   <kind>.<gen>.table.json      per base record: id, byte span, source keys, location (events)
//   <kind>.<gen>.index.json      the search index, a cache (stored-index.ts)
//   <kind>.<gen>.changes.ndjson  appended per sync: "+<record JSON>" (added or replaced) or
//                                "-<JSON id>" (removed), in order
//
// mirror.json says which generation is current and how many bytes of its changes are committed: it
// is written last, atomically, so it is the commit. A kill before it leaves the previous state: a
// new generation not yet named, or changes past the committed length, which are never read and are
// cut off by the next append. When the changes outgrow a fifth of the base, the whole set is written
// as the next generation's base (compaction) and the old generation's files are removed.
import { open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { MirrorError } from './mirror-error';
import { type MirrorKind, type MirroredRecord, type RecordEntry, RecordSet, SpanReader, placeOf, sourceKeys } from './record-set';

/** Where a kind's records are; kept in mirror.json. */
export interface StoreState {
  gen: number;
  baseBytes: number;
  changesBytes: number;
}

/** Changes beyond this share of the base are compacted into a new base. */
export const COMPACT_FRACTION = 0.2;

/** Per base record, in columns (flat arrays parse about twice as fast as one small array per record). */
export interface Table {
  newestUpdate?: string;
  ids: string[];
  at: number[];
  len: number[];
  /** How many of `keys` are each record's (its source ids, in order). */
  keyCounts: number[];
  keys: string[];
  /** An event's location id; null for a location. */
  places: (string | null)[];
}

export class RecordStore {
  constructor(
    readonly dir: string,
    readonly kind: MirrorKind,
  ) {}

  file(gen: number, part: 'ndjson' | 'table.json' | 'changes.ndjson' | 'index.json'): string {
    return path.join(this.dir, `${this.kind}.${gen}.${part}`);
  }

  /** The records as committed: the base's table, then the committed changes replayed. */
  async load(state: StoreState): Promise<RecordSet> {
    const tableFile = this.file(state.gen, 'table.json');
    let table: Table;
    try {
      table = JSON.parse(await readFile(tableFile, 'utf8')) as Table;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new MirrorError(`${tableFile} ${code ? `cannot be read (${code})` : 'is not valid JSON'}; delete the mirror directory and sync again`);
    }
    const n = Array.isArray(table?.ids) ? table.ids.length : -1;
    if (n < 0 || [table.at, table.len, table.keyCounts, table.places].some((c) => !Array.isArray(c) || c.length !== n) || !Array.isArray(table.keys)) {
      throw new MirrorError(`${tableFile} is not a mirror table; delete the mirror directory and sync again`);
    }
    let keyCount = 0;
    for (let i = 0; i < n; i++) keyCount += table.keyCounts[i];
    if (keyCount !== table.keys.length) throw new MirrorError(`${tableFile} is not a mirror table; delete the mirror directory and sync again`);
    // Its records stay rows of the table until one is read (RecordSet.fromTable).
    const set = RecordSet.fromTable(this.file(state.gen, 'ndjson'), table);
    if (state.changesBytes > 0) await this.replay(set, state);
    return set;
  }

  private async replay(set: RecordSet, state: StoreState): Promise<void> {
    const file = this.file(state.gen, 'changes.ndjson');
    let buf: Buffer;
    try {
      const fh = await open(file, 'r');
      try {
        buf = Buffer.alloc(state.changesBytes);
        const { bytesRead } = await fh.read(buf, 0, state.changesBytes, 0);
        if (bytesRead < state.changesBytes) throw new MirrorError(`${file} is shorter than mirror.json says; delete the mirror directory and sync again`);
      } finally {
        await fh.close();
      }
    } catch (e) {
      if (e instanceof MirrorError) throw e;
      throw new MirrorError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); delete the mirror directory and sync again`);
    }
    let start = 0;
    let line = 0;
    while (start < buf.length) {
      let end = buf.indexOf(10, start);
      if (end < 0) end = buf.length;
      line++;
      const op = buf[start];
      try {
        if (op === 0x2b /* + */) {
          const r = JSON.parse(buf.toString('utf8', start + 1, end)) as MirroredRecord;
          set.put(r.id, { file, at: start + 1, len: end - start - 1, keys: sourceKeys(r), place: placeOf(r) });
          set.seen(r.updatedAt);
        } else if (op === 0x2d /* - */) {
          set.remove(JSON.parse(buf.toString('utf8', start + 1, end)) as string);
        } else throw new Error('unknown operation');
      } catch {
        throw new MirrorError(`${file} line ${line} is not a mirror change; delete the mirror directory and sync again`);
      }
      start = end + 1;
    }
  }

  /**
   * Commits a sync's outcome: appends its changes when they are small beside the base, else writes
   * the whole set as a new generation. Returns the new state (to be written to mirror.json, the
   * commit) and the set with every record stored (its received texts released).
   */
  async commit(state: StoreState | undefined, set: RecordSet, upserted: Iterable<string>, removed: Iterable<string>): Promise<{ state: StoreState; set: RecordSet }> {
    const lines: { id: string; line: string }[] = [];
    let bytes = 0;
    for (const id of removed) {
      const line = `-${JSON.stringify(id)}\n`;
      lines.push({ id, line });
      bytes += Buffer.byteLength(line);
    }
    for (const id of upserted) {
      const text = set.text(id);
      if (text === undefined) continue;
      const line = `+${text}\n`;
      lines.push({ id, line });
      bytes += Buffer.byteLength(line);
    }
    if (state && state.changesBytes + bytes <= COMPACT_FRACTION * state.baseBytes) {
      return { state: await this.append(state, set, lines), set };
    }
    return this.writeBase(state ? state.gen + 1 : 1, set);
  }

  private async append(state: StoreState, set: RecordSet, lines: { id: string; line: string }[]): Promise<StoreState> {
    const file = this.file(state.gen, 'changes.ndjson');
    const fh = await open(file, 'a');
    let at = state.changesBytes;
    try {
      // What a killed sync appended after the committed length was never committed: cut it off.
      await fh.truncate(state.changesBytes);
      await fh.write(lines.map((l) => l.line).join(''));
      await fh.datasync();
    } finally {
      await fh.close();
    }
    for (const { id, line } of lines) {
      const len = Buffer.byteLength(line);
      const e = set.entry(id);
      if (line[0] === '+' && e) set.put(id, { file, at: at + 1, len: len - 2, keys: e.keys, place: e.place });
      at += len;
    }
    return { ...state, changesBytes: at };
  }

  /**
   * Commits a full listing written straight into generation `gen`'s base as it arrived
   * (listing-base.ts), `baseBytes` long: only its table is written (listed-records.ts), whose rows
   * are spans of that file (records replaced or merged away during the listing leave their lines
   * unread).
   */
  async commitListed(gen: number, table: Table, baseBytes: number): Promise<StoreState> {
    await this.writeTable(gen, table);
    return { gen, baseBytes, changesBytes: 0 };
  }

  private async writeTable(gen: number, table: Table): Promise<void> {
    const tfh = await open(this.file(gen, 'table.json'), 'w');
    try {
      await tfh.write(JSON.stringify(table));
      await tfh.datasync();
    } finally {
      await tfh.close();
    }
    await rm(this.file(gen, 'changes.ndjson'), { force: true });
  }

  private async writeBase(gen: number, from: RecordSet): Promise<{ state: StoreState; set: RecordSet }> {
    const file = this.file(gen, 'ndjson');
    const set = new RecordSet();
    const table: Table = { newestUpdate: from.newestUpdate, ids: [], at: [], len: [], keyCounts: [], keys: [], places: [] };
    const reader = new SpanReader();
    const fh = await open(file, 'w');
    let at = 0;
    try {
      let chunk: string[] = [];
      let chunkBytes = 0;
      for (const id of from.ids()) {
        const e = from.entry(id) as RecordEntry;
        const text = e.text ?? reader.read(e);
        const len = Buffer.byteLength(text);
        const entry: RecordEntry = { file, at, len, keys: e.keys, place: e.place };
        set.put(id, entry);
        addRow(table, id, entry);
        at += len + 1;
        chunk.push(text, '\n');
        chunkBytes += len + 1;
        if (chunkBytes > 1 << 22) {
          await fh.write(chunk.join(''));
          chunk = [];
          chunkBytes = 0;
        }
      }
      if (chunk.length) await fh.write(chunk.join(''));
      await fh.datasync();
    } finally {
      reader.close();
      await fh.close();
    }
    set.newestUpdate = from.newestUpdate;
    await this.writeTable(gen, table);
    return { state: { gen, baseBytes: at, changesBytes: 0 }, set };
  }

  /** After a commit: the files of other generations (and of killed compactions) are not read any more. */
  async removeOtherGenerations(gen: number): Promise<void> {
    const mine = new RegExp(`^${this.kind}\\.(\\d+)\\.(ndjson|table\\.json|changes\\.ndjson|index\\.json)`);
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const m = mine.exec(name);
      // Best effort: a file still open elsewhere (Windows) is removed at the next commit.
      if (m && Number(m[1]) !== gen) await rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
    }
  }
}

function addRow(table: Table, id: string, e: RecordEntry): void {
  table.ids.push(id);
  table.at.push(e.at as number);
  table.len.push(e.len as number);
  table.keyCounts.push(e.keys.length);
  for (const key of e.keys) table.keys.push(key);
  table.places.push(e.place ?? null);
}

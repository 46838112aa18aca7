// The files of a mirror directory. Nothing here ever holds the access token.
//
//   mirror.json            what was synced from where, and when, and which stored records are
//                          committed (written last, atomically: the commit of a sync)
//   <kind>.<gen>.*         the records (record-store.ts: a base, its table, appended changes)
//   <kind>.sync.ndjson     the sync in progress: a header line, then one line per completed page
//
// A kill at any moment leaves the previous consistent copy: mirror.json names only complete files
// and committed lengths. The journal is only appended to; a torn last line (killed mid-write) is
// ignored, and the sync resumes after the last whole page.
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { MirrorError } from './mirror-error';
import type { MirrorKind } from './record-set';
import type { StoreState } from './record-store';

/** 2: records in an append-only store (record-store.ts); 1 was one snapshot per kind, converted at open. */
export { MirrorError };
export const MIRROR_FORMAT = 2;
export const LEGACY_FORMAT = 1;

export interface KindState {
  /** When the last completed sync of this kind ended (this machine's clock). */
  syncedAt: string;
  /** `updated_since` of the next sync: the newest update seen, less the overlap. */
  nextSince: string;
  count: number;
  /** Where the records are (format 2). */
  store?: StoreState;
}

export interface MirrorMeta {
  format: number;
  /** The service the records came from (never the token). */
  baseUrl: string;
  kinds: Partial<Record<MirrorKind, KindState>>;
}

export interface JournalHeader {
  since: string;
  startedAt: string;
  /** The page size the sync asked with: a resumed sync must go on with it, or page n is other records. */
  pageSize?: number;
  /**
   * A full listing: the generation whose base file the pages' records are written into as they
   * arrive (listing-base.ts); its pages say where they end in that file instead of holding records.
   */
  base?: number;
}

export interface JournalPage {
  page: number;
  /** The page's records (a sync of changes). */
  records?: unknown[];
  /** Where the page ends in the base file (a full listing, `JournalHeader.base`). */
  bytes?: number;
  /** The service said there was no next page: the listing was complete. */
  final?: boolean;
}


export class MirrorFiles {
  constructor(readonly dir: string) {}

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  async readMeta(): Promise<MirrorMeta | undefined> {
    let text: string;
    try {
      text = await readFile(this.file('mirror.json'), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new MirrorError(`cannot read ${this.file('mirror.json')}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let meta: MirrorMeta;
    try {
      meta = JSON.parse(text) as MirrorMeta;
    } catch {
      throw new MirrorError(`${this.file('mirror.json')} is not valid JSON; delete the directory and sync again`);
    }
    if ((meta?.format !== MIRROR_FORMAT && meta?.format !== LEGACY_FORMAT) || typeof meta.baseUrl !== 'string' || typeof meta.kinds !== 'object') {
      throw new MirrorError(`${this.file('mirror.json')} is not a mirror of format ${MIRROR_FORMAT}; delete the directory and sync again`);
    }
    return meta;
  }

  async writeMeta(meta: MirrorMeta): Promise<void> {
    await this.writeAtomic('mirror.json', [JSON.stringify(meta, null, 2) + '\n']);
  }

  /** Every line of a format-1 snapshot (converted to the store at open). */
  async *legacySnapshotLines(kind: MirrorKind): AsyncGenerator<string> {
    yield* readLines(this.file(`${kind}.ndjson`));
  }

  async dropLegacySnapshot(kind: MirrorKind): Promise<void> {
    await rm(this.file(`${kind}.ndjson`), { force: true });
  }

  /** The sync in progress, if any: its header and its whole pages, in order. */
  async readJournal(kind: MirrorKind): Promise<{ header: JournalHeader; pages: JournalPage[] } | undefined> {
    let header: JournalHeader | undefined;
    const pages: JournalPage[] = [];
    for await (const line of readLines(this.file(`${kind}.sync.ndjson`))) {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        break; // torn by a kill mid-write: what came before is whole
      }
      if (header === undefined) {
        const h = v as JournalHeader;
        if (typeof h?.since !== 'string' || (h.base !== undefined && typeof h.base !== 'number')) return undefined;
        header = h;
        continue;
      }
      const p = v as JournalPage;
      const whole = header.base === undefined ? Array.isArray(p?.records) : typeof p?.bytes === 'number';
      if (!whole || typeof p.page !== 'number' || p.page !== pages.length) break;
      pages.push(p);
    }
    return header && { header, pages };
  }

  async startJournal(kind: MirrorKind, header: JournalHeader): Promise<void> {
    await this.writeAtomic(`${kind}.sync.ndjson`, [JSON.stringify(header) + '\n']);
  }

  async appendJournal(kind: MirrorKind, ...pages: JournalPage[]): Promise<void> {
    const fh = await open(this.file(`${kind}.sync.ndjson`), 'a');
    try {
      await fh.write(pages.map((p) => JSON.stringify(p) + '\n').join(''));
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  async dropJournal(kind: MirrorKind): Promise<void> {
    await rm(this.file(`${kind}.sync.ndjson`), { force: true });
  }

  async ensureDir(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
    } catch (e) {
      throw new MirrorError(`cannot create the mirror directory ${this.dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }

  /** Writes a new file beside the old one, flushes it, then renames it over: never half a file. */
  private async writeAtomic(name: string, chunks: Iterable<string>): Promise<void> {
    const target = this.file(name);
    const tmp = `${target}.${process.pid}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      let buffer = '';
      for (const c of chunks) {
        buffer += c;
        if (buffer.length > 1 << 20) {
          await fh.write(buffer);
          buffer = '';
        }
      }
      if (buffer) await fh.write(buffer);
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  const opened = new Promise<boolean>((resolve, reject) => {
    stream.once('open', () => resolve(true));
    stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? resolve(false) : reject(e)));
  });
  if (!(await opened)) return;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) if (line) yield line;
}

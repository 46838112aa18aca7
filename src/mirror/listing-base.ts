// A full listing (a first sync, or any sync from the earliest instant) writes each page's records
// straight into the base file of the kind's next generation as the page arrives. Before, every page
// was journalled as JSON (each record serialized once for the journal, once more for the store) and
// the store's commit wrote all the records again at the end: at 150,000 records that was most of
// the difference between a full sync and a plain listing (docs/benchmarks.md, Mirror). Now each
// record is written once, as the service's own text of it when that can be told apart
// (record-spans.ts), else serialized once; the pages are flushed and journalled in groups behind
// the listing (write-behind.ts), the journal keeping only where each page ends in this file; the
// commit writes the table (record-store.ts: commitListed).
//
// The file is not named by mirror.json until that commit, so a kill or a cancel leaves the
// previous copy; the next sync cuts the file back to the last journalled page's end, reads the
// records before it back, and asks the service from the next page on.
import { type FileHandle, open } from 'node:fs/promises';
import type { ListedRecords } from './listed-records';
import type { MirroredRecord, RecordEntry } from './record-set';
import { pageRecordSpans } from './record-spans';

/** Where a written record is: a span of the base file. */
export type Placed = Required<Pick<RecordEntry, 'file' | 'at' | 'len'>>;

/** A page's records laid out in the file: its bytes, where they go, where each record is. */
export interface PageBytes {
  buf: Buffer;
  at: number;
  placed: Placed[];
}

export class ListingBase {
  private constructor(
    readonly file: string,
    private readonly fh: FileHandle,
    /** Bytes laid out (written, or on their way): where the next page goes. */
    public bytes: number,
    /** Records read back from an interrupted listing's pages. */
    readonly resumedRecords = 0,
  ) {}

  /** A new, empty base file (any leftover of an abandoned listing is cut off). */
  static async start(file: string): Promise<ListingBase> {
    return new ListingBase(file, await open(file, 'w'), 0);
  }

  /**
   * The base file of an interrupted listing, cut back to `bytes` (the end of its last journalled
   * page), its records added to `listed` in order. Undefined when the file is missing, shorter than
   * the journal says, or not whole records: the listing then starts over.
   */
  static async resume(file: string, bytes: number, listed: ListedRecords): Promise<ListingBase | undefined> {
    let fh: FileHandle;
    try {
      fh = await open(file, 'r+');
    } catch {
      return undefined;
    }
    try {
      if ((await fh.stat()).size < bytes) throw new Error('shorter than journalled');
      await fh.truncate(bytes);
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      if (bytesRead < bytes) throw new Error('shorter than journalled');
      let n = 0;
      for (let start = 0; start < bytes; n++) {
        const end = buf.indexOf(10, start);
        if (end < 0) throw new Error('a torn record');
        const record = JSON.parse(buf.toString('utf8', start, end)) as MirroredRecord;
        if (typeof record?.id !== 'string') throw new Error('not a record');
        listed.add(record, start, end - start);
        start = end + 1;
      }
      return new ListingBase(file, fh, bytes, n);
    } catch {
      await fh.close();
      return undefined;
    }
  }

  /**
   * Lays a page's records out, one JSON text a line, after the pages laid out before it: where each
   * record will be, and the bytes to write (write()). Synchronous, so the records can be applied
   * while their bytes are on their way to the disk.
   */
  layOut(records: readonly unknown[], body?: string): PageBytes {
    if (records.length === 0) return { buf: Buffer.alloc(0), at: this.bytes, placed: [] };
    // The records' own text in the answer when it can be told apart, else each parsed record serialized.
    const spans = body === undefined ? undefined : pageRecordSpans(body);
    const texts = body !== undefined && spans?.length === 2 * records.length ? slices(body, spans) : records.map((r) => JSON.stringify(r));
    const joined = texts.join('\n') + '\n';
    const buf = Buffer.from(joined, 'utf8');
    const placed: Placed[] = new Array(texts.length);
    // ASCII only (the common case): byte offsets are the string's; otherwise the line breaks are
    // found in the bytes (no record text holds one: JSON.stringify escapes control characters, and
    // pageRecordSpans refuses a record with a line break between its tokens).
    const ascii = buf.length === joined.length;
    for (let i = 0, start = 0; i < texts.length; i++) {
      const end = ascii ? start + texts[i].length : buf.indexOf(10, start);
      placed[i] = { file: this.file, at: this.bytes + start, len: end - start };
      start = end + 1;
    }
    const page = { buf, at: this.bytes, placed };
    this.bytes += buf.length;
    return page;
  }

  /** Writes a laid-out page (not flushed: see flush(); pages go to their own offsets, in any order). */
  async write(page: PageBytes): Promise<void> {
    const { buf, at } = page;
    let written = 0;
    while (written < buf.length) written += (await this.fh.write(buf, written, buf.length - written, at + written)).bytesWritten;
  }

  /** Flushes the pages written so far: only then may the journal say they are complete. */
  async flush(): Promise<void> {
    await this.fh.datasync();
  }

  async close(): Promise<void> {
    await this.fh.close();
  }
}

function slices(text: string, spans: readonly number[]): string[] {
  const out: string[] = new Array(spans.length / 2);
  for (let k = 0; k < spans.length; k += 2) out[k / 2] = text.slice(spans[k], spans[k + 1]);
  return out;
}

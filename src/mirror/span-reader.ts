// Reads records back from the store's files (record-store.ts) by their byte spans, one descriptor
// per file kept until close(): reading every record (a compaction, the index) opens each file once.
import { closeSync, openSync, readSync } from 'node:fs';
import { MirrorError } from './mirror-error';

/** Reads spans with one descriptor per file, kept until close() (reading every record: a compaction, the index). */
export class SpanReader {
  private readonly fds = new Map<string, number>();

  /** A record's span (record-set.ts's RecordEntry); '' if it has none (a record held as text). */
  read(e: { file?: string; at?: number; len?: number }): string {
    if (e.file === undefined || e.at === undefined || e.len === undefined) return '';
    return this.readSpan(e.file, e.at, e.len);
  }

  readSpan(file: string, at: number, len: number): string {
    let fd = this.fds.get(file);
    if (fd === undefined) {
      try {
        fd = openSync(file, 'r');
      } catch (err) {
        throw new MirrorError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}; sync the mirror again`);
      }
      this.fds.set(file, fd);
    }
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const n = readSync(fd, buf, got, len - got, at + got);
      if (n === 0) break;
      got += n;
    }
    return buf.toString('utf8', 0, got);
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}

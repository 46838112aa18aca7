// Export every page of a list (not just what a view has loaded) to a file, streamed: records are
// written as pages arrive and the writer waits for the disk, so memory stays flat however many
// records there are. The file appears only when complete (src/records/atomic-file.ts).
import type { DedupClient } from '../api/client';
import { CancelledError } from '../api/errors';
import { writeFileAtomically } from '../records/atomic-file';
import type { ListKind } from '../records/list-kind';
import { type ListQuery, listPages } from '../records/list-pages';
import { type OutputFormat, formatFromPath } from '../records/output-format';
import { RecordWriter } from '../records/record-writer';

export interface ExportOptions {
  format?: OutputFormat;
  signal?: AbortSignal;
  /** Keeps only the records it accepts (e.g. the Recommendations view's score filter). */
  filter?: (record: unknown) => boolean;
  /** Called after each page with the number of records written so far. */
  onProgress?: (written: number) => void;
}

export interface ExportResult {
  file: string;
  format: OutputFormat;
  written: number;
}

// Largest pages the service allows: fewer round trips for a whole-list export.
const EXPORT_PAGE_SIZE: Record<ListKind, number> = { recommendations: 200, locations: 500, events: 500 };

export async function exportRecords(client: DedupClient, query: ListQuery, file: string, opts: ExportOptions = {}): Promise<ExportResult> {
  const format = opts.format ?? formatFromPath(file);
  const written = await writeFileAtomically(file, async (out) => {
    const writer = new RecordWriter(out, format, query.kind);
    await writer.begin();
    for await (const page of listPages(client, query, { signal: opts.signal, defaultPageSize: EXPORT_PAGE_SIZE[query.kind] })) {
      await writer.records(opts.filter ? page.data.filter(opts.filter) : page.data);
      opts.onProgress?.(writer.written);
      if (opts.signal?.aborted) throw new CancelledError('the export was cancelled');
    }
    await writer.end();
    return writer.written;
  });
  return { file, format, written };
}

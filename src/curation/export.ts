// Export every page of a list (not just what a view has loaded) to a file, streamed: records are
// written as pages arrive and the writer waits for the disk, so memory stays flat however many
// records there are. The file appears only when complete: records go to `<file>.partial`, which is
// renamed over the target at the end and removed on failure or cancel.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { DedupClient } from '../api/client';
import { CancelledError } from '../api/errors';
import type { Page } from '../api/model';
import type { EventParams, LocationParams, PageParams } from '../api/request-params';
import type { RecordKind } from '../cli/csv';
import { type OutputFormat, RecordWriter } from '../cli/record-writer';

export type ExportSpec =
  | { kind: 'recommendations'; params?: PageParams; concurrency?: number }
  | { kind: 'locations'; params: LocationParams }
  | { kind: 'events'; params: EventParams };

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
const EXPORT_PAGE_SIZE: Record<RecordKind, number> = { recommendations: 200, locations: 500, events: 500 };

/** The format a file name asks for: .csv, .json, otherwise NDJSON (.ndjson, .jsonl, anything else). */
export function formatFromPath(path: string): OutputFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return 'ndjson';
}

export function pagesFor(client: DedupClient, spec: ExportSpec, signal: AbortSignal | undefined): AsyncIterable<Page<unknown>> {
  const pageSize = EXPORT_PAGE_SIZE[spec.kind];
  switch (spec.kind) {
    case 'recommendations':
      return client.recommendationPages({ pageSize, ...spec.params }, { signal, concurrency: spec.concurrency });
    case 'locations':
      return client.locationPages({ pageSize, ...spec.params }, { signal });
    case 'events':
      return client.eventPages({ pageSize, ...spec.params }, { signal });
  }
}

export async function exportRecords(client: DedupClient, spec: ExportSpec, file: string, opts: ExportOptions = {}): Promise<ExportResult> {
  const format = opts.format ?? formatFromPath(file);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'w' });
  const writer = new RecordWriter(out, format, spec.kind);
  try {
    await writer.begin();
    for await (const page of pagesFor(client, spec, opts.signal)) {
      await writer.records(opts.filter ? page.data.filter(opts.filter) : page.data);
      opts.onProgress?.(writer.written);
      if (opts.signal?.aborted) throw new CancelledError('the export was cancelled');
    }
    await writer.end();
    out.end();
    await finished(out);
    await rename(partial, file);
    return { file, format, written: writer.written };
  } catch (e) {
    out.destroy();
    await finished(out).catch(() => undefined);
    await rm(partial, { force: true });
    throw e;
  }
}

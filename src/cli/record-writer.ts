// Writes records to a stream as they arrive, in NDJSON (default: one record per line), a JSON array
// or CSV. It waits for the stream to drain, so a slow reader holds the listing back instead of
// letting records pile up in memory.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type RecordKind, csvHeader, csvRow } from './csv';

export type OutputFormat = 'ndjson' | 'json' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['ndjson', 'json', 'csv'];

export class RecordWriter {
  private count = 0;
  private failure: Error | undefined;

  constructor(
    private readonly out: Writable,
    private readonly format: OutputFormat,
    private readonly kind: RecordKind,
  ) {
    // A write error (EPIPE when piped into `head`) arrives as an event; keep it for the next write.
    out.on('error', (e: Error) => (this.failure ??= e));
  }

  async begin(): Promise<void> {
    if (this.format === 'json') await this.write('[');
    if (this.format === 'csv') await this.write(csvHeader(this.kind));
  }

  async record(r: unknown): Promise<void> {
    switch (this.format) {
      case 'ndjson':
        await this.write(JSON.stringify(r) + '\n');
        break;
      case 'json':
        await this.write((this.count ? ',\n' : '\n') + JSON.stringify(r));
        break;
      case 'csv':
        await this.write(csvRow(this.kind, r));
        break;
    }
    this.count++;
  }

  async end(): Promise<void> {
    if (this.format === 'json') await this.write(this.count ? '\n]\n' : ']\n');
  }

  get written(): number {
    return this.count;
  }

  private async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.out.write(text)) {
      // once() rejects if the stream errors (EPIPE when the reader went away) while we wait.
      await once(this.out, 'drain');
    }
    if (this.failure) throw this.failure;
  }
}

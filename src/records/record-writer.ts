// Writes records to a stream as they arrive, in NDJSON (default: one record per line), a JSON array
// or CSV. It waits for the stream to drain, so a slow reader holds the listing back instead of
// letting records pile up in memory.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { csvHeader, csvRow } from './csv';
import type { ListKind } from './list-kind';
import type { OutputFormat } from './output-format';

export class RecordWriter {
  private count = 0;
  private failure: Error | undefined;

  constructor(
    private readonly out: Writable,
    private readonly format: OutputFormat,
    private readonly kind: ListKind,
  ) {
    // A write error (EPIPE when piped into `head`) arrives as an event; keep it for the next write.
    out.on('error', (e: Error) => (this.failure ??= e));
  }

  async begin(): Promise<void> {
    if (this.format === 'json') await this.write('[');
    if (this.format === 'csv') await this.write(csvHeader(this.kind));
  }

  async record(r: unknown): Promise<void> {
    await this.write(this.text(r));
  }

  /**
   * A page of records in one write. A profile of `--all` to a file showed one write system call per
   * record (stdout to a file is synchronous) costing about as much as parsing the answers.
   */
  async records(rs: readonly unknown[]): Promise<void> {
    let text = '';
    for (const r of rs) text += this.text(r);
    if (text) await this.write(text);
  }

  /** The text of one record in the format, counted as written. */
  private text(r: unknown): string {
    const first = this.count === 0;
    this.count++;
    switch (this.format) {
      case 'ndjson':
        return JSON.stringify(r) + '\n';
      case 'json':
        return (first ? '\n' : ',\n') + JSON.stringify(r);
      case 'csv':
        return csvRow(this.kind, r);
    }
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

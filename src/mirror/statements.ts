// Prepared statements of one open database, kept for its lifetime (preparing a statement per record
// was most of a page's write) and finalized when it closes: the WebAssembly build frees nothing by
// itself.
import type { Database, Row } from './sqlite';

type Statement = ReturnType<Database['prepare']>;
type Values = Parameters<Statement['run']>[0];

export class Statements {
  private readonly cache = new Map<string, Statement>();

  constructor(readonly db: Database) {}

  private statement(sql: string): Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  run(sql: string, values?: Values): void {
    this.statement(sql).run(values);
  }

  /**
   * The first row. Stepped to its end like all(): a statement left on its first row would keep the
   * file's lock (this build locks the file for readers too), and another process could not read.
   */
  get(sql: string, values?: Values): Row | undefined {
    return (this.statement(sql).all(values) as Row[])[0];
  }

  all(sql: string, values?: Values): Row[] {
    return this.statement(sql).all(values) as Row[];
  }

  close(): void {
    for (const s of this.cache.values()) if (!s.isFinalized) s.finalize();
    this.cache.clear();
    if (this.db.isOpen) this.db.close();
  }
}

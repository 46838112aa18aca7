// A value derived from a whole list of loaded records (triage's flags, the "most informative first"
// ranks), kept while nothing it depends on changes: the very list (its identity and its revision,
// counted on every change: a page in, a record out or back, a reset) and the curator's answers (a
// version the caller bumps), plus any setting it reads. Keyed on those, not on what the list looks
// like: a list of the same length starting with the same record can hold other records.

export interface MemoKey {
  records: readonly unknown[];
  /** Changes with every change of `records` (Pager.revision). */
  revision: number;
  /** Changes with every change of the answers the value derives from. */
  answers: number;
  /** Anything else the value reads (a setting), as text. */
  extra?: string;
}

export class ListMemo<V> {
  private entry: { key: MemoKey; value: V } | undefined;

  get(key: MemoKey, compute: () => V): V {
    const e = this.entry;
    if (e && e.key.records === key.records && e.key.revision === key.revision && e.key.answers === key.answers && e.key.extra === key.extra) return e.value;
    const value = compute();
    this.entry = { key: { ...key }, value };
    return value;
  }
}

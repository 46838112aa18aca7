// List answers as bytes, built from each record's JSON serialised once.
//
// Why: a CPU profile of the sandbox under load (docs/benchmarks.md, "Sandbox service") showed most
// of each list request in JSON.stringify of the page and in encoding the resulting string for the
// socket. The store hands out the same wire object for a record until the record changes (it builds
// a new object then), so the bytes of a record can be cached by object identity: a WeakMap drops
// them together with the object once the store has replaced it.
const recordBytes = new WeakMap<object, Buffer>();
const COMMA = Buffer.from(',');

/** A response body that is already JSON bytes; sendJson writes it as is. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

/** The JSON bytes of a wire record, serialised on first use. The record must not be mutated afterwards. */
export function jsonOfRecord(record: object): Buffer {
  let bytes = recordBytes.get(record);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(record));
    recordBytes.set(record, bytes);
  }
  return bytes;
}

/**
 * `head` + the records as a JSON array + `tail`, e.g. head `{"page":0,"data":[` and tail `]}`.
 * The caller makes head and tail with JSON.stringify of its own values, so the result is valid JSON.
 */
export function jsonList(head: string, records: readonly object[], tail: string): JsonBytes {
  const parts: Buffer[] = [Buffer.from(head)];
  records.forEach((r, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(jsonOfRecord(r));
  });
  parts.push(Buffer.from(tail));
  return new JsonBytes(Buffer.concat(parts));
}

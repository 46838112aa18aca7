// An open-addressing hash table from 64-bit key hashes to lists of record indices, in typed arrays.
// Blocking inserts millions of keys; a Map keyed by strings or by large numbers spent most of the
// blocking time hashing and allocating. Each slot's four fields sit side by side so that an insert
// touches one cache line.

const STRIDE = 4; // hi, lo, last entry + 1 (0: empty slot), last record added

export class BlockTable {
  private slots: Int32Array;
  private mask: number;
  private used = 0;
  /** Entries: record index and the previous entry of the same key (-1: none). */
  private entryRecord = new Int32Array(1 << 16);
  private entryPrev = new Int32Array(1 << 16);
  private entries = 0;

  constructor(expectedKeys = 1 << 12) {
    let capacity = 1 << 12;
    while (capacity < expectedKeys * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * STRIDE);
  }

  /** Adds record to the key's list, unless it was the last one added there. */
  add(h1: number, h2: number, record: number): void {
    if (this.used * 2 >= this.mask) this.rehash();
    const s = this.slots;
    let slot = (Math.imul(h1 ^ (h2 >>> 7), 0x9e3779b1) >>> 0) & this.mask;
    let at = slot * STRIDE;
    while (s[at + 2] !== 0 && (s[at] !== (h1 | 0) || s[at + 1] !== (h2 | 0))) {
      slot = (slot + 1) & this.mask;
      at = slot * STRIDE;
    }
    if (s[at + 2] === 0) {
      s[at] = h1;
      s[at + 1] = h2;
      this.used++;
    } else if (s[at + 3] === record) {
      return;
    }
    if (this.entries === this.entryRecord.length) {
      const bigger = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.entryRecord = bigger(this.entryRecord);
      this.entryPrev = bigger(this.entryPrev);
    }
    this.entryRecord[this.entries] = record;
    this.entryPrev[this.entries] = s[at + 2] - 1;
    s[at + 2] = ++this.entries;
    s[at + 3] = record;
  }

  /** Calls visit with the members (in insertion order) of every key that has at least two. */
  forEachBlock(visit: (members: number[]) => void): void {
    const s = this.slots;
    for (let at = 0; at < s.length; at += STRIDE) {
      const last = s[at + 2] - 1;
      if (last < 0 || this.entryPrev[last] === -1) continue;
      const members: number[] = [];
      for (let e = last; e !== -1; e = this.entryPrev[e]) members.push(this.entryRecord[e]);
      members.reverse();
      visit(members);
    }
  }

  private rehash(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * STRIDE);
    for (let from = 0; from < old.length; from += STRIDE) {
      if (old[from + 2] === 0) continue;
      let slot = (Math.imul(old[from] ^ (old[from + 1] >>> 7), 0x9e3779b1) >>> 0) & this.mask;
      while (this.slots[slot * STRIDE + 2] !== 0) slot = (slot + 1) & this.mask;
      this.slots.set(old.subarray(from, from + STRIDE), slot * STRIDE);
    }
  }
}

/** Two 32-bit FNV-1a style hashes of a key: together 64 bits, so distinct keys practically never collide. */
export function hashKey2(key: string, out: Uint32Array): void {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h2 >>> 15);
  }
  out[0] = h1 >>> 0;
  out[1] = h2 >>> 0;
}

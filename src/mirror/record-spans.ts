// Where each record of a page is in the answer's own bytes, so that a full listing writes those
// bytes instead of serializing every parsed record again (JSON.stringify was the largest share of
// a full sync's own work after the listing: docs/benchmarks.md, Mirror). A structural scan only:
// the text was parsed (and the page checked) before, so it is JSON; this finds where the members
// of the top-level object and the elements of its `data` array begin and end. Anything it does not
// expect (no `data` array, an element that is not an object, `data` twice) answers undefined, and
// the caller serializes the parsed records instead.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(buf: Uint8Array, i: number): number {
  while (i < buf.length && isSpace(buf[i])) i++;
  return i;
}

/** The end (exclusive) of the string whose opening quote is at `i`; -1 if the bytes end first. */
function stringEnd(buf: Uint8Array, i: number): number {
  for (i++; i < buf.length; i++) {
    const c = buf[i];
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
  }
  return -1;
}

/** The end (exclusive) of the JSON value starting at `i`; -1 if the bytes end first. */
export function valueEnd(buf: Uint8Array, i: number): number {
  const first = buf[i];
  if (first === QUOTE) return stringEnd(buf, i);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    // A number or a literal: up to the next delimiter.
    while (i < buf.length && !isSpace(buf[i]) && buf[i] !== COMMA && buf[i] !== CLOSE_OBJECT && buf[i] !== CLOSE_ARRAY) i++;
    return i;
  }
  let depth = 0;
  for (; i < buf.length; i++) {
    const c = buf[i];
    if (c === QUOTE) {
      const end = stringEnd(buf, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The byte spans of the objects in a page's `data` array (`[start0, end0, start1, end1, …]`), in
 * the order JSON.parse gave them; undefined when the page is not shaped as expected.
 */
export function pageRecordSpans(buf: Uint8Array): number[] | undefined {
  let i = skipSpace(buf, 0);
  if (buf[i] !== OPEN_OBJECT) return undefined;
  let spans: number[] | undefined;
  for (i++; ; ) {
    i = skipSpace(buf, i);
    if (buf[i] === CLOSE_OBJECT) return spans;
    if (buf[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(buf, i);
    if (keyEnd < 0) return undefined;
    // Compared as bytes: an escaped spelling of "data" is not recognised (the caller falls back).
    const isData = keyEnd - i === 6 && buf[i + 1] === 0x64 && buf[i + 2] === 0x61 && buf[i + 3] === 0x74 && buf[i + 4] === 0x61;
    i = skipSpace(buf, keyEnd);
    if (buf[i] !== COLON) return undefined;
    i = skipSpace(buf, i + 1);
    if (isData) {
      // JSON.parse keeps the last of two members of one name; which one this found is not worth guessing.
      if (spans || buf[i] !== OPEN_ARRAY) return undefined;
      const found = elementSpans(buf, i);
      if (!found) return undefined;
      spans = found.spans;
      i = found.end;
    } else {
      i = valueEnd(buf, i);
      if (i < 0) return undefined;
    }
    i = skipSpace(buf, i);
    if (buf[i] === COMMA) i++;
  }
}

function elementSpans(buf: Uint8Array, i: number): { spans: number[]; end: number } | undefined {
  const spans: number[] = [];
  for (i++; ; ) {
    i = skipSpace(buf, i);
    if (buf[i] === CLOSE_ARRAY) return { spans, end: i + 1 };
    if (buf[i] !== OPEN_OBJECT) return undefined;
    const end = valueEnd(buf, i);
    if (end < 0) return undefined;
    spans.push(i, end);
    i = skipSpace(buf, end);
    if (buf[i] === COMMA) i++;
  }
}

/**
 * The byte spans of the objects one after another in `buf` (a listing's base file: each record
 * followed by a line break); undefined if anything else is there or the last one is torn.
 */
export function objectSpans(buf: Uint8Array): number[] | undefined {
  const spans: number[] = [];
  for (let i = skipSpace(buf, 0); i < buf.length; i = skipSpace(buf, i)) {
    if (buf[i] !== OPEN_OBJECT) return undefined;
    const end = valueEnd(buf, i);
    if (end < 0) return undefined;
    spans.push(i, end);
    i = end;
  }
  return spans;
}

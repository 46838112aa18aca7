// Where each record of a page is in the answer's own text, so that a full listing writes that text
// instead of serializing every parsed record again (JSON.stringify was the largest share of a full
// sync's own work after the listing: docs/benchmarks.md, Mirror). A structural scan only: the text
// was parsed (and the page checked) before, so it is JSON; this finds where the members of the
// top-level object and the elements of its `data` array begin and end. Anything it does not expect
// (no `data` array, an element that is not an object, `data` twice, a line break inside a record,
// which would break the base file's one record a line) answers undefined, and the caller
// serializes the parsed records instead.
//
// It reads the string, not its UTF-8 bytes: strings (most of a record) are skipped with
// String.prototype.indexOf, a built-in, which measured ~35 % faster than a loop over the bytes.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const LINE_FEED = 0x0a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === LINE_FEED || c === 0x0d || c === 0x09;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The end (exclusive) of the string whose opening quote is at `i`; -1 if the text ends first. */
function stringEnd(text: string, i: number): number {
  for (let q = text.indexOf('"', i + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    // Escaped when an odd number of backslashes stands before it (the opening quote stops the count).
    let b = q - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
  }
  return -1;
}

/**
 * The end (exclusive) of the object or array starting at `i`; -1 if the text ends first or, with
 * `lineBreakEnds` (a record: the base is one record a line), a line break stands between its tokens.
 */
function containerEnd(text: string, i: number, lineBreakEnds = true): number {
  let depth = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (--depth === 0) return i + 1;
    } else if (c === LINE_FEED && lineBreakEnds) return -1;
    i++;
  }
  return -1;
}

/** The end of the member value starting at `i` (any JSON value); -1 if the text ends first. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  // Line breaks are allowed outside the records.
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) return containerEnd(text, i, false);
  // A number or a literal: up to the next delimiter.
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (isSpace(d) || d === COMMA || d === CLOSE_OBJECT || d === CLOSE_ARRAY) break;
    i++;
  }
  return i;
}

/**
 * The spans of the objects in a page's `data` array (`[start0, end0, start1, end1, …]`, offsets in
 * the string), in the order JSON.parse gave them; undefined when the page is not shaped as expected.
 */
export function pageRecordSpans(text: string): number[] | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return undefined;
  let spans: number[] | undefined;
  for (i++; ; ) {
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === CLOSE_OBJECT) return spans;
    if (c !== QUOTE) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    // An escaped spelling of "data" is not recognised (the caller falls back).
    const isData = keyEnd - i === 6 && text.startsWith('"data"', i);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return undefined;
    i = skipSpace(text, i + 1);
    if (isData) {
      // JSON.parse keeps the last of two members of one name; which one this found is not worth guessing.
      if (spans || text.charCodeAt(i) !== OPEN_ARRAY) return undefined;
      const found = elementSpans(text, i);
      if (!found) return undefined;
      spans = found.spans;
      i = found.end;
    } else {
      i = valueEnd(text, i);
      if (i < 0) return undefined;
    }
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === COMMA) i++;
  }
}

function elementSpans(text: string, i: number): { spans: number[]; end: number } | undefined {
  const spans: number[] = [];
  for (i++; ; ) {
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === CLOSE_ARRAY) return { spans, end: i + 1 };
    if (c !== OPEN_OBJECT) return undefined;
    const end = containerEnd(text, i);
    if (end < 0) return undefined;
    spans.push(i, end);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === COMMA) i++;
  }
}

// Token-level differences between the values of one comparison row. Words and numbers are tokens;
// punctuation marks are tokens of their own; whitespace is kept for display but never marked, so
// "12 Main St." against "12 Main Street" marks only "St" / "." / "Street".
//
// Pure functions (no DOM): the renderer turns the segments into elements with textContent.
//
// Only the start of each value is compared and marked (MAX_CELL_CHARS); the rest is returned as it
// is, for the panel to show on request: a hostile 1 MB value would otherwise be tokenised and laid
// out whole before the panel showed anything.
import { cutAt, MAX_CELL_CHARS } from '../shared/long-value';

export interface Segment {
  text: string;
  differs: boolean;
}

export type RowState = 'equal' | 'differ' | 'missing' | 'empty';

/**
 * Above this many token pairs the longest-common-subsequence table is not built: the middle part
 * (after the common prefix and suffix) is marked as different as a whole. Keeps a hostile 1 MB value
 * from freezing the panel (the table is quadratic).
 */
const MAX_LCS_CELLS = 40_000;

const TOKEN = /\s+|[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const keyOf = (token: string) => token.toLocaleLowerCase();
const isSpace = (token: string) => /^\s+$/u.test(token);

/** Whether two values say the same, ignoring case and runs of whitespace. */
export function sameValue(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** For each token of a and of b: whether it is part of a longest common subsequence of the two. */
export function matchTokens(a: readonly string[], b: readonly string[]): { a: boolean[]; b: boolean[] } {
  const inA = new Array<boolean>(a.length).fill(false);
  const inB = new Array<boolean>(b.length).fill(false);
  let start = 0;
  while (start < a.length && start < b.length && keyOf(a[start]) === keyOf(b[start])) {
    inA[start] = inB[start] = true;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && keyOf(a[endA - 1]) === keyOf(b[endB - 1])) {
    inA[--endA] = true;
    inB[--endB] = true;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0 || n * m > MAX_LCS_CELLS) return { a: inA, b: inB };
  // lengths[i][j]: LCS length of a[start+i..endA) and b[start+j..endB), filled from the end.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        keyOf(a[start + i]) === keyOf(b[start + j])
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (keyOf(a[start + i]) === keyOf(b[start + j])) {
      inA[start + i] = inB[start + j] = true;
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) i++;
    else j++;
  }
  return { a: inA, b: inB };
}

export interface RowDiff {
  state: RowState;
  /** One per value: the segments of its start, or null for a missing value. */
  segments: (Segment[] | null)[];
  /** One per value: what follows the compared start, unmarked ('' when the value is short). */
  rest: string[];
}

/**
 * Value 0 is the reference: every other value is compared with it (as the matcher's explanation is).
 * A token of value 0 is marked when some other present value lacks it.
 */
export function diffRow(values: readonly (string | null)[], maxChars = MAX_CELL_CHARS): RowDiff {
  const present = values.map((v) => v !== null && v.trim() !== '');
  const cut = values.map((v) => (v === null ? 0 : cutAt(v, maxChars)));
  const rest = values.map((v, i) => (v === null ? '' : v.slice(cut[i])));
  if (!present.some(Boolean)) return { state: 'empty', segments: values.map(() => null), rest };
  const tokens = values.map((v, i) => (present[i] ? tokenize((v as string).slice(0, cut[i])) : []));
  const marks = tokens.map((t) => new Array<boolean>(t.length).fill(false));
  if (present[0]) {
    for (let i = 1; i < values.length; i++) {
      if (!present[i]) continue;
      const m = matchTokens(tokens[0], tokens[i]);
      m.a.forEach((matched, k) => (marks[0][k] ||= !matched));
      marks[i] = m.b.map((matched) => !matched);
    }
  }
  const segments = tokens.map((t, i) => (present[i] ? merge(t, marks[i]) : null));
  const all = present.every(Boolean);
  // Beyond the compared start, a value equals the first only if the rest is the very same text:
  // normalising all of a 1 MB value took longer than drawing the panel.
  const same = (i: number) => values[i] === values[0] || (sameValue((values[i] as string).slice(0, cut[i]), (values[0] as string).slice(0, cut[0])) && rest[i] === rest[0]);
  const state: RowState = !all ? 'missing' : values.every((_, i) => same(i)) ? 'equal' : 'differ';
  return { state, segments, rest };
}

/** Joins neighbouring tokens with the same mark, so a value becomes a few spans, not thousands. */
function merge(tokens: readonly string[], marks: readonly boolean[]): Segment[] {
  const out: Segment[] = [];
  tokens.forEach((text, k) => {
    const last = out[out.length - 1];
    // Whitespace takes its neighbours' mark: a space between two changed words stays inside the mark.
    const differs = isSpace(text) ? (last?.differs ?? false) && (marks[k + 1] ?? false) : marks[k];
    if (last && last.differs === differs) last.text += text;
    else out.push({ text, differs });
  });
  return out;
}

// Checks a 2xx answer against its schema and, when it does not fit, says which member is wrong.
import * as v from 'valibot';
import { answerError } from './error-text';
import { compileFastCheck } from './fast-check';

type PathItem = { key: unknown };

export function memberPath(path: readonly PathItem[]): string {
  let out = '';
  for (const { key } of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(the whole body)';
}

export function parseResponse<S extends v.GenericSchema>(schema: S, body: unknown, endpoint: string, status: number): v.InferOutput<S> {
  // The common case, an answer that fits as sent, skips valibot's member-by-member copy (fast-check.ts).
  if (compileFastCheck(schema)(body)) return body as v.InferOutput<S>;
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  // A union reports its own issue first; the nested issues of the closest branch name the member.
  const { issue, path } = deepest(result.issues[0], result.issues[0].path ?? []);
  const member = clip(memberPath(path), 120);
  throw answerError('shape', { endpoint, status, member, detail: clip(issue.message, 200) });
}

// The issues nested in a union's issue carry paths relative to the union's own member, so the
// full path is the parent's followed by the child's.
function deepest(issue: v.BaseIssue<unknown>, path: readonly PathItem[]): { issue: v.BaseIssue<unknown>; path: readonly PathItem[] } {
  let best = { issue, path };
  for (const sub of issue.issues ?? []) {
    const own = sub.path ?? [];
    const prefixed = startsWith(own, path) ? own : [...path, ...own];
    const d = deepest(sub, prefixed);
    if (d.path.length > best.path.length) best = d;
  }
  return best;
}

function startsWith(path: readonly PathItem[], prefix: readonly PathItem[]): boolean {
  return prefix.length > 0 && path.length >= prefix.length && prefix.every((p, i) => path[i].key === p.key);
}

// valibot quotes the value it received, which may be megabytes of the answer or hold line breaks:
// the message stays one readable line.
function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const one = text.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return one.length > max ? one.slice(0, max) + '…' : one;
}

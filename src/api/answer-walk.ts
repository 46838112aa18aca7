// One pass over a parsed 2xx answer before anything reads it: the token is masked in every string
// (a service may put it inside valid data, e.g. a record named "auth Bearer <token>", and what the
// client returns goes to the CLI's output, exports, the extension's views and logs), and an answer
// nested deeper than any record of the interface is refused as invalid. The walk is iterative:
// recursive code further on (validation, JSON.stringify of a record) would overflow the stack on a
// member nested 100,000 deep, so such an answer must not get past here.
import { answerError } from './error-text';
import type { InvalidResponseError } from './errors';
import type { Masker } from './secret-mask';

/**
 * Far deeper than the interface's records (a page's event → location → address is 6 levels), so
 * unknown members nested deep still pass (the hostile corpus has them 2,000 deep); half the depth
 * at which JSON.stringify overflows Node's default stack (about 4,100), leaving room for the
 * frames of whoever writes the record out.
 */
export const MAX_ANSWER_DEPTH = 2048;

type Container = Record<string, unknown> | unknown[];

/**
 * Masks the strings of `data` in place (keys too) when `mask` is given, and checks its depth.
 * Returns the (possibly new) root and whether any string changed. Plain loops over two parallel
 * stacks: this runs on every answer (a 1 MB page of 500 events in about a third of its parse time).
 */
export function walkAnswer(data: unknown, mask: Masker | undefined, endpoint: string, status: number): { data: unknown; changed: boolean } {
  if (typeof data === 'string') {
    const masked = mask ? mask(data) : data;
    return { data: masked, changed: masked !== data };
  }
  if (!isContainer(data)) return { data, changed: false };
  let changed = false;
  const nodes: Container[] = [data];
  const depths: number[] = [1];
  /** Masks the string at `node[key]`, or queues the container there; true when a string changed. */
  const visit = (node: Container, key: string | number, childDepth: number): boolean => {
    const value = (node as Record<string | number, unknown>)[key];
    if (typeof value === 'string') {
      const masked = mask ? mask(value) : value;
      if (masked === value) return false;
      (node as Record<string | number, unknown>)[key] = masked;
      return true;
    }
    if (isContainer(value)) {
      if (childDepth > MAX_ANSWER_DEPTH) throw tooDeep(data, endpoint, status);
      nodes.push(value);
      depths.push(childDepth);
    }
    return false;
  };
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const childDepth = depths.pop()! + 1;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) changed = visit(node, i, childDepth) || changed;
      continue;
    }
    for (const key in node) {
      changed = visit(node, key, childDepth) || changed;
      const maskedKey = mask ? mask(key) : key;
      if (maskedKey !== key) {
        node[maskedKey] = node[key];
        delete node[key];
        changed = true;
      }
    }
  }
  return { data, changed };
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function tooDeep(root: Container, endpoint: string, status: number): InvalidResponseError {
  const member = deepMember(root);
  return answerError('too-deep', { endpoint, status, member, detail: String(MAX_ANSWER_DEPTH) });
}

/** The first members on the way to a container nested too deep, for the message (only when refusing). */
function deepMember(root: Container): string {
  const stack: { node: Container; depth: number; path: string }[] = [{ node: root, depth: 1, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    for (const [key, value] of Object.entries(item.node)) {
      if (!isContainer(value)) continue;
      const step = Array.isArray(item.node) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${item.path ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`;
      const path = item.depth <= 6 ? item.path + step : item.path;
      if (item.depth + 1 > MAX_ANSWER_DEPTH) return `${path}…`;
      stack.push({ node: value, depth: item.depth + 1, path });
    }
  }
  return '(the whole body)';
}

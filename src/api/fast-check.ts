// A fast path in front of valibot for the common case: an answer that fits its schema exactly as
// sent, with nothing to convert.
//
// Why: a CPU profile of `locations --all` (docs/benchmarks.md, "Client") showed valibot's safeParse
// taking as long as JSON.parse itself (≈ 15 ms per page of 500 locations): every looseObject builds a
// new output object, member by member, for every record, address, image… When the input already
// fits, that copy equals the input. compileFastCheck walks the same valibot schema and builds a plain
// predicate: true means "valid, and valibot's output would equal the input", so the caller may use
// the input as is. False means nothing: the caller runs valibot, which converts (numeric text) or
// reports the member at fault. Any schema kind or pipe action it does not know compiles to "always
// false", so an unknown construct can only make it slower, never accept more than valibot.
import type * as v from 'valibot';

export type FastCheck = (value: unknown) => boolean;

const never: FastCheck = () => false;
const compiled = new WeakMap<object, FastCheck>();

// valibot's looseObject leaves these keys out of its output (prototype pollution); so must we.
const UNSAFE_KEYS = ['__proto__', 'constructor', 'prototype'];

interface SchemaLike {
  type: string;
  kind?: string;
  entries?: Record<string, SchemaLike>;
  wrapped?: SchemaLike;
  item?: SchemaLike;
  options?: SchemaLike[];
  literal?: unknown;
  default?: unknown;
  pipe?: SchemaLike[];
}

export function compileFastCheck(schema: v.GenericSchema): FastCheck {
  let check = compiled.get(schema);
  if (!check) {
    check = compile(schema as unknown as SchemaLike);
    compiled.set(schema, check);
  }
  return check;
}

function compile(s: SchemaLike): FastCheck {
  if (s.pipe && s.pipe.length > 1) return compilePipe(s);
  switch (s.type) {
    case 'string':
      return (x) => typeof x === 'string';
    case 'number':
      // valibot's number() refuses NaN.
      return (x) => typeof x === 'number' && !Number.isNaN(x);
    case 'boolean':
      return (x) => typeof x === 'boolean';
    case 'literal':
      return (x) => x === s.literal;
    case 'unknown':
      return () => true;
    case 'nullish':
    case 'optional': {
      // A default would replace a missing value: the output would differ from the input.
      if (s.default !== undefined || !s.wrapped) return never;
      const inner = compile(s.wrapped);
      return s.type === 'nullish' ? (x) => x === undefined || x === null || inner(x) : (x) => x === undefined || inner(x);
    }
    case 'array': {
      if (!s.item) return never;
      const item = compile(s.item);
      return (x) => {
        if (!Array.isArray(x)) return false;
        for (let i = 0; i < x.length; i++) if (!item(x[i])) return false;
        return true;
      };
    }
    case 'loose_object': {
      if (!s.entries) return never;
      const members = Object.entries(s.entries).map(([key, schema]) => [key, compile(schema)] as const);
      return (x) => {
        // Plain objects only, as JSON.parse makes them (valibot's output is always one).
        if (typeof x !== 'object' || x === null || Object.getPrototypeOf(x) !== Object.prototype) return false;
        const o = x as Record<string, unknown>;
        for (const k of UNSAFE_KEYS) if (Object.hasOwn(o, k)) return false;
        for (const [key, check] of members) if (!check(o[key])) return false;
        return true;
      };
    }
    case 'union': {
      if (!s.options) return never;
      const options = s.options.map(compile);
      return (x) => options.some((o) => o(x));
    }
    default:
      return never;
  }
}

/** A pipe of a base schema and validations this file knows; any transformation (or unknown action) makes it never pass. */
function compilePipe(s: SchemaLike): FastCheck {
  const [base, ...actions] = s.pipe!;
  const checks: FastCheck[] = [compile({ ...base, pipe: undefined })];
  for (const a of actions) {
    if (a.kind === 'validation' && a.type === 'finite') checks.push((x) => Number.isFinite(x));
    else return never;
  }
  return (x) => checks.every((c) => c(x));
}

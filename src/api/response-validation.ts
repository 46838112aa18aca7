// Checks a 2xx answer against its schema and, when it does not fit, says which member is wrong.
import * as v from 'valibot';
import { InvalidResponseError } from './errors';

export function memberPath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key as unknown;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(the whole body)';
}

export function parseResponse<S extends v.GenericSchema>(schema: S, body: unknown, endpoint: string, status: number): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  // A union reports its own issue first; the nested issues of the closest branch name the member.
  const issue = deepest(result.issues[0]);
  const member = memberPath(issue);
  throw new InvalidResponseError(
    `The service's answer to ${endpoint} does not match the interface: ${member}: ${issue.message}`,
    member,
    { status, endpoint },
  );
}

function deepest(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  let best = issue;
  for (const sub of issue.issues ?? []) {
    const d = deepest(sub);
    if ((d.path?.length ?? 0) > (best.path?.length ?? 0)) best = d;
  }
  return best;
}

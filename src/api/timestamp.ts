// The service's timestamp form, shared by the client (checked before sending) and the sandbox
// (checked on receipt): simplified extended ISO 8601 in UTC, exactly
//   YYYY-MM-DDTHH:mm:ss.sssZ          (24 characters), or
//   ±YYYYYY-MM-DDTHH:mm:ss.sssZ       (27 characters, expanded years),
// which is what JavaScript's Date.prototype.toISOString() produces.

export const TIMESTAMP_FORM = 'YYYY-MM-DDTHH:mm:ss.sssZ (24 characters) or ±YYYYYY-MM-DDTHH:mm:ss.sssZ (27 characters), UTC';

const SHAPE = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Why the text is not a service timestamp, or undefined when it is one. Beyond the shape, the
 * calendar values must exist (no 2024-02-30, no hour 24) and -000000 is refused as ISO 8601 does.
 */
export function timestampProblem(text: string): string | undefined {
  if (text.length !== 24 && text.length !== 27) {
    return `must be exactly 24 or 27 characters long, got ${text.length}`;
  }
  if (!SHAPE.test(text)) return 'does not have the form ' + TIMESTAMP_FORM;
  if (text.startsWith('-000000')) return 'year -000000 is not allowed (write +000000)';
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== normalizeYear(text)) {
    return 'is not a real date and time (check month, day, hour, minute and second)';
  }
  return undefined;
}

// toISOString writes years 0..9999 with 4 digits; a 27-character input for such a year is valid
// but round-trips to the 24-character form.
function normalizeYear(text: string): string {
  if (text.length === 27 && text[0] === '+' && text.slice(1, 3) === '00') return text.slice(3);
  return text;
}

export function isTimestamp(text: string): boolean {
  return timestampProblem(text) === undefined;
}

/**
 * Converts a Date or a timestamp string to the exact wire form, or throws a RangeError that names
 * the member and shows the expected form.
 */
export function toWireTimestamp(value: Date | string, member: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError(`${member}: the Date is invalid`);
    return value.toISOString();
  }
  if (typeof value !== 'string') {
    throw new RangeError(`${member}: expected a Date or a timestamp string of the form ${TIMESTAMP_FORM}`);
  }
  const problem = timestampProblem(value);
  if (problem) {
    throw new RangeError(`${member}: "${value.length > 40 ? value.slice(0, 40) + '…' : value}" ${problem}; expected ${TIMESTAMP_FORM}, e.g. 2024-05-01T00:00:00.000Z`);
  }
  return value;
}

/** Milliseconds since the epoch of a valid wire timestamp. */
export function timestampMillis(text: string): number {
  return Date.parse(text);
}

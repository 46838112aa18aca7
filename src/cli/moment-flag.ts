// A moment given on the command line (--updated-since, --start-after, --start-before), turned into
// the service's exact timestamp form. Scripts run on machines in any zone, so nothing is read in
// the machine's local time: a day is midnight UTC, and a time of day needs its zone.
import { isTimestamp } from '../api/timestamp';

/** The earliest instant JavaScript can write: `--updated-since all` lists everything. */
const EARLIEST = new Date(-8.64e15).toISOString();

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;
const UNZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const AGO = /^(\d+)(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const MOMENT_FORMS = "2024-05-01 (midnight UTC), 2024-05-01T08:00+02:00, 2024-05-01T06:00:00.000Z, 7d / 24h / 30m (that long ago) or 'all'";

/** The wire timestamp of `text`, or why it is not a moment. */
export function momentOfFlag(text: string, now = Date.now()): { timestamp: string } | { error: string } {
  const s = text.trim();
  if (s === 'all') return { timestamp: EARLIEST };
  if (isTimestamp(s)) return { timestamp: s };
  const ago = AGO.exec(s);
  if (ago) return { timestamp: new Date(now - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS]).toISOString() };
  const day = DAY.exec(s);
  if (day) return checked(s, Date.UTC(+day[1], +day[2] - 1, +day[3]), [+day[1], +day[2], +day[3]]);
  const zoned = ZONED.exec(s);
  if (zoned) {
    const [, y, mo, d, h, mi, sec, ms, zone] = zoned;
    if (+h > 23 || +mi > 59 || +(sec ?? 0) > 59 || (zone !== 'Z' && (+zone.slice(1, 3) > 23 || +zone.slice(4) > 59))) return notReal(s);
    const offsetMs = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(4)) * 60_000;
    const local = Date.UTC(+y, +mo - 1, +d, +h, +mi, +(sec ?? 0), +(ms ?? '0').padEnd(3, '0'));
    return checked(s, local - offsetMs, [+y, +mo, +d], local);
  }
  if (UNZONED.test(s)) return { error: `"${s}" has no time zone: add Z (UTC) or an offset such as +02:00; the command does not guess the machine's zone` };
  return { error: `"${s}" is not a moment: use ${MOMENT_FORMS}` };
}

/** The calendar date must exist (no 2024-02-30): checked on the date as written, before the offset. */
function checked(s: string, ms: number, [y, mo, d]: number[], asWritten = ms): { timestamp: string } | { error: string } {
  const written = new Date(asWritten);
  if (written.getUTCFullYear() !== y || written.getUTCMonth() !== mo - 1 || written.getUTCDate() !== d) return notReal(s);
  return { timestamp: new Date(ms).toISOString() };
}

function notReal(s: string): { error: string } {
  return { error: `"${s}" is not a real date and time (check month, day, hour, minute and offset)` };
}

// Wire timestamps (`updatedAt`), compared by instant: where the next sync starts is the newest one seen.
/** Wire timestamps compared by instant (the 27-character expanded-year form does not sort as text). */
export function compareTimestamps(a: string, b: string): number {
  // The common form (YYYY-MM-DDTHH:mm:ss.sssZ, a four-digit year) sorts as text: two Date.parse
  // per record were 50 ms of a 150,000-record sync's profile.
  if (a.length === 24 && b.length === 24 && isDigit(a.charCodeAt(0)) && isDigit(b.charCodeAt(0)) && a.endsWith('Z') && b.endsWith('Z')) return a < b ? -1 : a > b ? 1 : 0;
  const d = Date.parse(a) - Date.parse(b);
  return Number.isNaN(d) ? a.localeCompare(b) : d;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

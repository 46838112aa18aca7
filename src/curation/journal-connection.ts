// How the decision journal names a service: its base URL and the connection's label, never the
// token (journal.ts, journal-runs.ts).

export interface JournalConnection {
  baseUrl: string;
  label: string;
}

/** The base URL without credentials, query or fragment: nothing secret goes into the journal. */
export function journalConnection(baseUrl: string, label: string): JournalConnection {
  try {
    const u = new URL(baseUrl);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return { baseUrl: u.toString().replace(/\/$/, ''), label };
  } catch {
    return { baseUrl: '(invalid URL)', label };
  }
}
